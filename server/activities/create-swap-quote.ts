import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateSwapQuoteParams, ZSwapQuote } from "@/lib/api/swaps";
import { swapQuotes } from "../db/schema";
import { invalid } from "../errors";
import { newId } from "../ids";
import { findSignerSource } from "../sign-with/signer-source";
import { swapAsset } from "../swaps/assets";
import { clientFeeFor } from "../swaps/config";
import { providerForChain, providerForChains } from "../swaps/providers";
import { isSolanaAsset } from "../swaps/solana-assets";
import { quoteSolanaSwap } from "../swaps/solana-quote";
import { defineActivity } from "./define";

/** How long a quote can be executed: long enough to approve, short enough that the price holds. */
export const QUOTE_TTL_MS = 60_000;
/** The slippage a quote allows when the request names none (0.5 %). */
export const DEFAULT_SLIPPAGE_BPS = 50;

/**
 * create_swap_quote: price a swap (same-chain, or cross-chain between local devnets) for one of the organization's accounts (an address,
 * never a private key id — spec.md error 2) and store the quote, so that execute_swap_v2 can only
 * send exactly what was quoted. The client fee from upsert_swap_config is taken out of the amounts.
 */
export const createSwapQuote = defineActivity({
  path: "create_swap_quote",
  type: ACTIVITY_TYPES.create_swap_quote,
  resource: "PRIVATE_KEY",
  action: "SIGN",
  targets: (params) => ({ signWith: params.signWith }),
  intentKey: "createSwapQuoteIntent",
  resultKey: "createSwapQuoteResult",
  summary:
    "Quote a swap of inputAmount of inputToken into outputToken (CAIP-19) for a wallet account or private " +
    "key address; pass the quoteId to execute_swap before expiresAt",
  describe: (p, n) =>
    `Quote a swap of ${p.inputAmount} ${p.inputToken} into ${p.outputToken} for ${n.signer(p.signWith)}`,
  params: ZCreateSwapQuoteParams,
  result: z.object({ quotes: z.array(ZSwapQuote) }),
  async execute({ app, tx, organization, now }, params) {
    const source = await findSignerSource(tx, organization.id, params.signWith);
    if (source?.kind === "PRIVATE_KEY" && params.signWith === source.privateKeyId) {
      throw invalid(
        "signWith must be a wallet account or private key address: private key ids are not supported for swap quotes",
        "signWith",
      );
    }
    if (!source)
      throw invalid(
        `${params.signWith} is not a wallet account or private key address of this organization`,
        "signWith",
      );
    const slippageBps = params.slippageBps !== undefined ? Number(params.slippageBps) : DEFAULT_SLIPPAGE_BPS;
    if (isSolanaAsset(params.inputToken)) {
      if (source.curve !== "CURVE_ED25519")
        throw invalid(`${params.signWith} is not a Solana (ed25519) account`, "signWith");
      return { quotes: [await quoteSolanaSwap(app, tx, organization.id, now, params, slippageBps)] };
    }
    if (source.curve !== "CURVE_SECP256K1")
      throw invalid(`${params.signWith} is not an Ethereum (secp256k1) account`, "signWith");
    // The chain's provider first: an aggregator trades more tokens than the local pools.
    const origin = params.inputToken.split("/")[0]!;
    const destination = params.outputToken.split("/")[0]!;
    const crossChain = origin !== destination;
    const provider = crossChain
      ? providerForChains(app, origin, destination)
      : providerForChain(app, origin, "inputToken");
    const input = swapAsset(params.inputToken, "inputToken", provider.anyErc20);
    const output = swapAsset(params.outputToken, "outputToken", provider.anyErc20);
    if (input.caip19 === output.caip19)
      throw invalid("inputToken and outputToken are the same asset", "outputToken");
    const inputAmount = BigInt(params.inputAmount);
    if (inputAmount === 0n) throw invalid("must be more than zero", "inputAmount");
    const { feeBps, feeReceiver } = await clientFeeFor(tx, organization.id, input, output);
    const signer = params.signWith as `0x${string}`;
    const quote = await provider.quote(
      await app.chains.rpc(input.caip2),
      { input, output, inputAmount, signer, clientFeeBps: feeBps, feeReceiver, slippageBps },
      crossChain ? await app.chains.rpc(output.caip2) : undefined,
    );
    const quoteId = newId(now.getTime());
    const expiresAt = new Date(now.getTime() + QUOTE_TTL_MS);
    await tx.insert(swapQuotes).values({
      id: quoteId,
      organizationId: organization.id,
      provider: provider.name,
      caip2: input.caip2,
      signer,
      inputToken: input.caip19,
      outputToken: output.caip19,
      inputAmount: params.inputAmount,
      outputAmount: quote.outputAmount.toString(),
      minOutputAmount: quote.minOutputAmount.toString(),
      slippageBps,
      clientFeeBps: feeBps,
      feeReceiver,
      providerData: quote.providerData ?? null,
      expiresAt,
      createdAt: now,
    });
    return {
      quotes: [
        {
          quoteId,
          provider: provider.name,
          outputAmount: quote.outputAmount.toString(),
          minOutputAmount: quote.minOutputAmount.toString(),
          expiresAt: String(expiresAt.getTime()),
          slippageBps: String(slippageBps),
          clientFeeBps: String(feeBps),
          estimatedTimeSeconds: String(quote.estimatedTimeSeconds),
        },
      ],
    };
  },
});
