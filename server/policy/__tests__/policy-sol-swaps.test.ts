import { beforeAll, describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { marketMaker } from "../../swaps/solana-market-maker";
import { alice, dropPolicies, ok, policy, root, submit, t, withPolicyScene } from "./policy-scene";

/**
 * execute_swap of a Solana quote names only the quote: policies judge the stored, market-maker
 * co-signed fill as `solana.tx`, exactly the bytes the send job signs for the quote's signer.
 */
withPolicyScene();

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const SOL = `${CHAIN}/slip44:501`;
const USDC = `${CHAIN}/token:${DEVNET_USDC_MINT}`;
let trader: string;

beforeAll(async () => {
  const wallet = await ok<{ addresses: string[] }>(
    root,
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    {
      walletName: "Solana trading",
      accounts: [
        {
          curve: "CURVE_ED25519",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/501'/0'/0'",
          addressFormat: "ADDRESS_FORMAT_SOLANA",
        },
      ],
    },
    "createWalletResult",
  );
  trader = wallet.addresses[0]!;
  const client = await t.app.chains.rpc(CHAIN);
  await client.call("latchkey_faucet", [trader, "native", "3000000000"]);
});

type Quote = { quoteId: string; outputAmount: string; minOutputAmount: string };
const quoteFor = async (inputAmount: string) =>
  (
    await ok<{ quotes: Quote[] }>(
      alice,
      "create_swap_quote",
      "ACTIVITY_TYPE_CREATE_SWAP_QUOTE",
      { signWith: trader, inputToken: SOL, outputToken: USDC, inputAmount },
      "createSwapQuoteResult",
    )
  ).quotes[0]!;
const execute = (quote: Quote, inputAmount: string) =>
  submit(alice, "execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: quote.quoteId,
    inputToken: SOL,
    inputAmount,
    outputToken: USDC,
    quotedOutputAmount: quote.outputAmount,
    minOutputAmount: quote.minOutputAmount,
    sponsor: false,
  });

describe("policies over Solana swap executions", () => {
  it("see the fill's SOL transfer to the market maker as solana.tx.transfers", async () => {
    const maker = (await marketMaker()).address;
    await dropPolicies();
    await policy(
      "alice may ask for quotes",
      "EFFECT_ALLOW",
      "activity.type == 'ACTIVITY_TYPE_CREATE_SWAP_QUOTE'",
    );
    await policy(
      "alice may sell up to 1 SOL to the market maker",
      "EFFECT_ALLOW",
      `activity.type == 'ACTIVITY_TYPE_EXECUTE_SWAP_V2' && solana.tx.transfers.any(t, t.from == '${trader}' && t.to == '${maker}' && t.amount <= 1000000000)`,
    );
    const small = await execute(await quoteFor("500000000"), "500000000");
    expect(small.status, JSON.stringify(small.body)).toBe(200);
    expect(small.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const large = await execute(await quoteFor("2000000000"), "2000000000");
    expect(large.status).toBe(403);
    expect(large.body.message).toMatch(/no policy allows it/);
  });
});
