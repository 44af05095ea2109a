import { type Address, address, createSolanaRpc } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT } from "../../lib/api/assets";
import { rawCall } from "../../server/testing/solana-kit";
import { type RunningServer, startServer } from "../support/server";

/**
 * Solana swaps through @turnkey/sdk-server against the started server: the local market maker's
 * request-for-quote fill quoted and executed, balances read with @solana/kit over /rpc/<caip2>.
 */

const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const SOL = `${DEVNET}/slip44:501`;
const USDC = `${DEVNET}/token:${DEVNET_USDC_MINT}`;
const MINT = address(DEVNET_USDC_MINT);

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;
const url = () => `${server.baseUrl}/rpc/${DEVNET}`;
const rpc = () => createSolanaRpc(url());
const faucet = (params: unknown[]) => rawCall(url(), "latchkey_faucet", params);
const lamports = async (who: Address) => (await rpc().getBalance(who).send()).value;
async function usdcOf(owner: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  if (!(await rpc().getAccountInfo(ata, { encoding: "base64" }).send()).value) return 0n;
  return BigInt((await rpc().getTokenAccountBalance(ata).send()).value.amount);
}

const solana = (path: string) =>
  ({
    curve: "CURVE_ED25519",
    pathFormat: "PATH_FORMAT_BIP32",
    path,
    addressFormat: "ADDRESS_FORMAT_SOLANA",
  }) as const;

async function waitForSwap(swapRequestId: string) {
  for (let i = 0; i < 200; i++) {
    const status = await client.getSwapStatus({ swapRequestId });
    if (status.status !== "PENDING") return status;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the swap did not settle");
}

beforeAll(async () => {
  server = await startServer();
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
});
afterAll(async () => server?.stop());

const executeFields = (
  quote: { quoteId: string; outputAmount: string; minOutputAmount: string },
  inputToken: string,
  inputAmount: string,
  outputToken: string,
) => ({
  quoteId: quote.quoteId,
  inputToken,
  inputAmount,
  outputToken,
  quotedOutputAmount: quote.outputAmount,
  minOutputAmount: quote.minOutputAmount,
  sponsor: false,
});

describe("Solana swaps with the local market maker through @turnkey/sdk-server", () => {
  it("quotes USDC → SOL with the client fee, executes it, and the balances move by the quoted amounts", async () => {
    const { addresses } = await client.createWallet({
      walletName: "Solana trader",
      accounts: [solana("m/44'/501'/0'/0'"), solana("m/44'/501'/1'/0'")],
    });
    const [trader, unfunded] = addresses as [Address, Address];
    const fees = await client.createWallet({
      walletName: "Swap fees",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
        solana("m/44'/501'/0'/0'"),
      ],
    });
    const [feeEth, feeSol] = fees.addresses as [string, Address];
    await faucet([trader, "native", "100000000"]); // 0.1 SOL for fees
    await faucet([trader, USDC, "4000000000"]); // 4,000 USDC
    await faucet([feeSol, "native", "10000000"]); // rent for the SOL fee it receives
    await client.upsertSwapConfig({ feeReceiverWalletAddress: feeEth, feeBps: "30" });

    const { quotes } = await client.createSwapQuote({
      signWith: trader,
      inputToken: USDC,
      outputToken: SOL,
      inputAmount: "3000000000",
    });
    const quote = quotes[0]!;
    // 3,000 USDC = 1 SOL at the fixed price; 30 bps of it to the fee receiver.
    const fee = (1_000_000_000n * 30n) / 10_000n;
    expect(quote).toMatchObject({
      provider: "LATCHKEY_LOCAL_SOLANA_RFQ",
      outputAmount: String(1_000_000_000n - fee),
      clientFeeBps: "30",
      slippageBps: "50",
    });
    const [solBefore, feeBefore] = [await lamports(trader), await lamports(feeSol)];
    const executed = await client.executeSwap(executeFields(quote, USDC, "3000000000", SOL));
    const done = await waitForSwap(executed.swapRequestId);
    expect(done).toMatchObject({
      status: "COMPLETED",
      swapKind: "SAME_CHAIN",
      outputAmount: quote.outputAmount,
    });
    const tx = await rpc()
      .getTransaction(done.originTxHash as never, { maxSupportedTransactionVersion: 0, encoding: "json" })
      .send();
    expect(tx!.meta!.err).toBeNull();
    expect(await lamports(trader)).toBe(solBefore + BigInt(quote.outputAmount) - BigInt(tx!.meta!.fee));
    expect(await usdcOf(trader)).toBe(1_000_000_000n);
    expect(await lamports(feeSol)).toBe(feeBefore + fee);

    // A wallet with nothing is refused at quote time, naming what it holds.
    await expect(
      client.createSwapQuote({ signWith: unfunded, inputToken: SOL, outputToken: USDC, inputAmount: "1000" }),
    ).rejects.toThrow(/holds 0 lamports/);
    // More than the market maker holds: refused at quote time.
    await faucet([unfunded, USDC, "999000000000000"]);
    await faucet([unfunded, "native", "10000000"]);
    await expect(
      client.createSwapQuote({
        signWith: unfunded,
        inputToken: USDC,
        outputToken: SOL,
        inputAmount: "999000000000000",
      }),
    ).rejects.toThrow(/market maker cannot fill/);
  }, 60_000);

  it("refuses a quote whose transaction's blockhash has expired", async () => {
    const { addresses } = await client.createWallet({
      walletName: "Late trader",
      accounts: [solana("m/44'/501'/0'/0'")],
    });
    const trader = addresses[0] as Address;
    await faucet([trader, "native", "1000000000"]);
    await client.upsertSwapConfig({ feeReceiverWalletAddress: "", feeBps: "0" });
    const { quotes } = await client.createSwapQuote({
      signWith: trader,
      inputToken: SOL,
      outputToken: USDC,
      inputAmount: "100000000",
    });
    await rawCall(url(), "latchkey_expireBlockhashes");
    await expect(client.executeSwap(executeFields(quotes[0]!, SOL, "100000000", USDC))).rejects.toThrow(
      /expired: its transaction's blockhash/,
    );
    expect(await lamports(trader)).toBe(1_000_000_000n);
  }, 60_000);
});
