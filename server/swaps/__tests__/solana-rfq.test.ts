import { type Address, address } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import type { TSwapQuote, TSwapStatus } from "@/lib/api/swaps";
import { routeSolanaRpc } from "../../chains/__tests__/rpc-scene";
import { runDueJobs } from "../../jobs/worker";
import { settleSend } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { splTransferInstructions, unsignedHex } from "../../testing/solana-kit";
import { RFQ_TRANSACTION_FEE } from "../local-solana-rfq";
import { marketMaker, SEED_LAMPORTS, SEED_USDC_UNITS } from "../solana-market-maker";

/**
 * The local Solana request-for-quote provider through create_swap_quote, execute_swap and
 * get_swap_status, in-process (PGlite or PostgreSQL) against the local Solana devnet: one atomic
 * fill co-signed by the market maker and signed by the trader through the ordinary send job.
 */

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const SOL = `${CHAIN}/slip44:501`;
const USDC = `${CHAIN}/token:${DEVNET_USDC_MINT}`;
const MINT = address(DEVNET_USDC_MINT);

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let trader: Address;
let empty: Address;
let feeEth: string;
let feeSol: Address;
let maker: Address;

const rpc = () => routeSolanaRpc(t, CHAIN);
const devnetCall = async (method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<Record<string, unknown>>(method, params);
const lamports = async (who: Address) => (await rpc().getBalance(who).send()).value;
async function usdcOf(owner: Address): Promise<bigint> {
  const [ata] = await findAssociatedTokenPda({ owner, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  const account = await rpc().getAccountInfo(ata, { encoding: "base64" }).send();
  if (!account.value) return 0n;
  return BigInt((await rpc().getTokenAccountBalance(ata).send()).value.amount);
}

type Body = { activity: TActivity; message: string };
const submit = (path: string, type: string, parameters: Record<string, unknown>) =>
  t.call<Body>("submit", path, t.activity(type, org.organizationId, parameters), org.key);

const solanaAccount = (path: string) => ({
  curve: "CURVE_ED25519",
  pathFormat: "PATH_FORMAT_BIP32",
  path,
  addressFormat: "ADDRESS_FORMAT_SOLANA",
});
const ethAccount = {
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/44'/60'/0'/0/0",
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
};

async function wallet(name: string, accounts: object[]): Promise<string[]> {
  const res = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", { walletName: name, accounts });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.activity.result as { createWalletResult: { addresses: string[] } }).createWalletResult
    .addresses;
}

async function quote(parameters: Record<string, unknown>) {
  return submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
    signWith: trader,
    inputToken: SOL,
    outputToken: USDC,
    inputAmount: "1000000000",
    ...parameters,
  });
}

async function goodQuote(parameters: Record<string, unknown> = {}): Promise<TSwapQuote> {
  const res = await quote(parameters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.activity.result as { createSwapQuoteResult: { quotes: TSwapQuote[] } })
    .createSwapQuoteResult.quotes[0]!;
}

const execute = (
  q: TSwapQuote,
  fields: { inputToken: string; inputAmount: string; outputToken: string },
  overrides: Record<string, unknown> = {},
) =>
  submit("execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: q.quoteId,
    quotedOutputAmount: q.outputAmount,
    minOutputAmount: q.minOutputAmount,
    sponsor: false,
    ...fields,
    ...overrides,
  });

async function settle(swapRequestId: string): Promise<TSwapStatus> {
  for (let round = 0; round < 40; round++) {
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const status = (
      await t.call<TSwapStatus>(
        "query",
        "get_swap_status",
        { organizationId: org.organizationId, swapRequestId },
        org.key,
      )
    ).body;
    if (status.status !== "PENDING") return status;
    t.clock.advance(500);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the swap did not settle");
}

const swapIdOf = (res: { body: Body }) =>
  (res.body.activity.result as { executeSwapResult: { swapRequestId: string } }).executeSwapResult
    .swapRequestId;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Solana trader");
  [trader, empty] = (await wallet("Trading", [
    solanaAccount("m/44'/501'/0'/0'"),
    solanaAccount("m/44'/501'/1'/0'"),
  ])) as [Address, Address];
  [feeEth, feeSol] = (await wallet("Swap fees", [ethAccount, solanaAccount("m/44'/501'/0'/0'")])) as [
    string,
    Address,
  ];
  await devnetCall("latchkey_faucet", [trader, "native", "5000000000"]); // 5 SOL
  await devnetCall("latchkey_faucet", [trader, USDC, "6000000000"]); // 6,000 USDC
  maker = (await marketMaker()).address;
}, 120_000);
afterAll(async () => t?.close());

describe("the local Solana RFQ market maker", () => {
  it("fills SOL → USDC at 3,000 USDC per SOL in one co-signed transaction, the client fee paid to the receiver's Solana account", async () => {
    const set = await submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: feeEth,
      feeBps: "25",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    const q = await goodQuote({ inputAmount: "1000000000", slippageBps: "100" });
    // 1 SOL = 3,000 USDC gross; the fee 25 bps of it (7.5 USDC) goes to the receiver.
    const fee = (3_000_000_000n * 25n) / 10_000n;
    expect(q).toMatchObject({
      provider: "LATCHKEY_LOCAL_SOLANA_RFQ",
      outputAmount: String(3_000_000_000n - fee),
      minOutputAmount: String(((3_000_000_000n - fee) * 9_900n) / 10_000n),
      clientFeeBps: "25",
      slippageBps: "100",
    });
    // Seeded on first use, then moved only by fills.
    expect(await lamports(maker)).toBe(SEED_LAMPORTS);
    expect(await usdcOf(maker)).toBe(SEED_USDC_UNITS);

    const [solBefore, usdcBefore] = [await lamports(trader), await usdcOf(trader)];
    const res = await execute(q, { inputToken: SOL, inputAmount: "1000000000", outputToken: USDC });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settle(swapIdOf(res));
    expect(done, JSON.stringify(done)).toMatchObject({
      status: "COMPLETED",
      swapKind: "SAME_CHAIN",
      outputAmount: q.outputAmount,
    });
    expect(done.originTxHash).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
    expect(await usdcOf(trader)).toBe(usdcBefore + BigInt(q.outputAmount));
    expect(await lamports(trader)).toBe(solBefore - 1_000_000_000n - RFQ_TRANSACTION_FEE);
    expect(await usdcOf(feeSol)).toBe(fee);
    expect(await usdcOf(maker)).toBe(SEED_USDC_UNITS - 3_000_000_000n);
    expect(await lamports(maker)).toBeGreaterThan(SEED_LAMPORTS); // the input, less the rent of the fee account

    // The transaction on chain is the trader's (first signature) and the market maker's.
    const onChain = await rpc()
      .getTransaction(done.originTxHash as never, { maxSupportedTransactionVersion: 0, encoding: "json" })
      .send();
    expect(onChain!.transaction.message.accountKeys.slice(0, 2)).toEqual([trader, maker]);
    const again = await execute(q, { inputToken: SOL, inputAmount: "1000000000", outputToken: USDC });
    expect(again.body.message).toMatch(/already executed/);
  }, 60_000);

  it("fills USDC → SOL with no fee once feeBps is 0; the SOL arrives net of nothing but the network fee", async () => {
    await submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: feeEth,
      feeBps: "0",
    });
    const q = await goodQuote({ inputToken: USDC, outputToken: SOL, inputAmount: "1500000000" });
    expect(q).toMatchObject({ outputAmount: "500000000", clientFeeBps: "0" }); // 1,500 USDC = 0.5 SOL
    const [solBefore, usdcBefore] = [await lamports(trader), await usdcOf(trader)];
    const res = await execute(q, { inputToken: USDC, inputAmount: "1500000000", outputToken: SOL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settle(swapIdOf(res));
    expect(done).toMatchObject({ status: "COMPLETED", outputAmount: "500000000" });
    expect(await lamports(trader)).toBe(solBefore + 500_000_000n - RFQ_TRANSACTION_FEE);
    expect(await usdcOf(trader)).toBe(usdcBefore - 1_500_000_000n);
  }, 60_000);

  it("refuses a wallet that does not hold the input, and a trade larger than the market maker holds", async () => {
    const unfunded = await quote({ signWith: empty });
    expect(unfunded.status).toBe(400);
    expect(unfunded.body.message).toMatch(/holds 0 lamports, less than the inputAmount 1000000000/);
    const tooMuchUsdc = await quote({ inputToken: USDC, outputToken: SOL, inputAmount: "9000000000" });
    expect(tooMuchUsdc.status).toBe(400);
    expect(tooMuchUsdc.body.message).toMatch(/holds 7492500000 of .*less than the inputAmount 9000000000/);
    // The market maker holds about 2,998,500 USDC now: 1,000.9 SOL would need 3,002,700.
    await devnetCall("latchkey_faucet", [empty, "native", "1001000000000"]);
    const noLiquidity = await quote({ signWith: empty, inputAmount: "1000900000000" });
    expect(noLiquidity.status).toBe(400);
    expect(noLiquidity.body.message).toMatch(
      /market maker cannot fill 3002700000000 of .*Quote a smaller amount/,
    );
  }, 60_000);

  it("refuses an expired quote — by time, and by its transaction's blockhash — and sponsorship", async () => {
    const fields = { inputToken: SOL, inputAmount: "10000000", outputToken: USDC };
    const sponsored = await execute(await goodQuote({ inputAmount: "10000000" }), fields, { sponsor: true });
    expect(sponsored.status).toBe(400);
    expect(sponsored.body.message).toMatch(/sponsor is not supported for Solana swaps/);

    const late = await goodQuote({ inputAmount: "10000000" });
    t.clock.advance(Number(late.expiresAt) - t.clock.now().getTime());
    const byTime = await execute(late, fields);
    expect(byTime.status).toBe(400);
    expect(byTime.body.message).toMatch(/expired/);

    const stale = await goodQuote({ inputAmount: "10000000" });
    await devnetCall("latchkey_expireBlockhashes");
    const byBlockhash = await execute(stale, fields);
    expect(byBlockhash.status).toBe(400);
    expect(byBlockhash.body.message).toMatch(/blockhash .* is no longer valid/);
  }, 60_000);

  it("reports FAILED with the chain's reason when the trader spent the input after the quote", async () => {
    const q = await goodQuote({ inputToken: USDC, outputToken: SOL, inputAmount: "1000000" });
    const spendAll = await unsignedHex(
      rpc(),
      trader,
      await splTransferInstructions(trader, empty, MINT, await usdcOf(trader), 6),
    );
    const sent = await submit("sol_send_transaction", "ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", {
      unsignedTransaction: spendAll,
      signWiths: [trader],
      caip2: CHAIN,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const sendId = (
      sent.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } }
    ).solSendTransactionResultV2.sendTransactionStatusId;
    expect((await settleSend(t, org, sendId)).txStatus).toBe("COMPLETED");
    expect(await usdcOf(trader)).toBe(0n);

    const res = await execute(q, { inputToken: USDC, inputAmount: "1000000", outputToken: SOL });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const failed = await settle(swapIdOf(res));
    expect(failed).toMatchObject({ status: "FAILED", error: { reason: "ORIGIN_TRANSACTION_FAILED" } });
    // The token program's own words: custom error 0x1 is its InsufficientFunds, at the input transfer.
    expect(failed.error!.message).toMatch(/Instruction 1: custom program error: 0x1/);
    expect(failed.outputAmount).toBeUndefined();
  }, 60_000);

  it("refuses an Ethereum signer for Solana assets, and a fee receiver wallet without a Solana account", async () => {
    const wrongCurve = await quote({ signWith: feeEth });
    expect(wrongCurve.status).toBe(400);
    expect(wrongCurve.body.message).toMatch(/not a Solana \(ed25519\) account/);
    const [evmOnly] = await wallet("EVM fees", [ethAccount]);
    await submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: evmOnly,
      feeBps: "10",
    });
    const noFeeAccount = await quote({});
    expect(noFeeAccount.status).toBe(400);
    expect(noFeeAccount.body.message).toMatch(/has no Solana account to take fees on Solana/);
  }, 60_000);
});
