import { encodeDeployData, encodeFunctionData, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TEthTransactionHistoryItem } from "@/lib/api/history";
import artifact from "../../chains/evm/artifacts/SeededToken.json";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { startTestApp, type TestApp } from "../../testing/harness";
import { HISTORY_JOB_HANDLERS } from "../evm-indexer";

/** list_eth_transaction_history from the indexer's reading of the real local devnet. */

let t: TestApp;
let s: SendScene;
const CHAIN = "eip155:1";
const rich = privateKeyToAccount(generatePrivateKey()).address;
const payee = privateKeyToAccount(generatePrivateKey()).address;
let token: string;
const hashes: Record<string, string> = {};

type History = { transactions: TEthTransactionHistoryItem[]; pageInfo: Record<string, unknown> };
const history = (paginationOptions?: Record<string, string>, org = s.org, address = s.from) =>
  t.call<History & { message: string }>(
    "query",
    "list_eth_transaction_history",
    { organizationId: org.organizationId, address, caip2: CHAIN, paginationOptions },
    org.key,
  );

type Receipt = { contractAddress: string | null; status: string };

/** The receipt once the node has mined the transaction: anvil's automine answers the hash before
 * the block is written, so on a busy machine an immediate read can still find nothing. */
async function mined(hash: string): Promise<Receipt> {
  for (let attempt = 0; attempt < 300; attempt++) {
    const receipt = await s.rpc<Receipt | null>("eth_getTransactionReceipt", [hash]);
    if (receipt) return receipt;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`transaction ${hash} was not mined within 30 s`);
}

/** A transaction from an account outside Latchkey (the node signs for it), waited for until mined. */
async function external(tx: Record<string, string>): Promise<string> {
  await s.rpc("anvil_impersonateAccount", [rich]);
  const hash = await s.rpc("eth_sendTransaction", [{ from: rich, ...tx }]);
  await s.rpc("anvil_stopImpersonatingAccount", [rich]);
  expect((await mined(hash)).status).toBe("0x1");
  return hash;
}

beforeAll(async () => {
  t = await startTestApp();
  s = await sendScene(t, CHAIN, "0"); // funded below, by transactions the history must show
  await s.rpc("anvil_setBalance", [rich, toHex(parseEther("100"))]);
  const deployed = await external({
    data: encodeDeployData({
      abi: artifact.abi,
      bytecode: artifact.bytecode as `0x${string}`,
      args: ["Test USD", "TUSD", 6],
    }),
  });
  token = (await mined(deployed)).contractAddress!;
  await s.rpc("anvil_setBalance", [rich, toHex(parseEther("100"))]);
  await external({
    to: token,
    data: encodeFunctionData({ abi: artifact.abi, functionName: "mint", args: [rich, 5_000_000n] }),
  });
  hashes.ethIn = await external({ to: s.from, value: toHex(parseEther("2")) });
  hashes.tokenIn = await external({
    to: token,
    data: encodeFunctionData({ abi: artifact.abi, functionName: "transfer", args: [s.from, 1_500_000n] }),
  });
  const ethOut = await s.settle(
    await s.sendId({ calls: [{ to: payee, value: parseEther("0.5").toString() }] }),
  );
  hashes.ethOut = ethOut.eth!.txHash!;
  const tokenOut = await s.settle(
    await s.sendId({
      calls: [
        {
          to: token,
          data: encodeFunctionData({ abi: artifact.abi, functionName: "transfer", args: [payee, 250_000n] }),
        },
      ],
    }),
  );
  hashes.tokenOut = tokenOut.eth!.txHash!;
  // The first question starts the indexer on this chain; then work its job until it has caught up.
  expect((await history()).body.transactions).toEqual([]);
  for (let round = 0; round < 5; round++) {
    await runDueJobs(t.app, HISTORY_JOB_HANDLERS);
    t.clock.advance(2_000);
  }
});
afterAll(async () => t?.close());

describe("list_eth_transaction_history", () => {
  it("shows ETH and ERC-20 transfers in and out, most recent first, with fees and Latchkey's own marked", async () => {
    const res = await history({ limit: "10" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const txs = res.body.transactions;
    expect(txs.map((x) => x.transactionHash)).toEqual([
      hashes.tokenOut,
      hashes.ethOut,
      hashes.tokenIn,
      hashes.ethIn,
    ]);
    const [tokenOut, ethOut, tokenIn, ethIn] = txs as [
      TEthTransactionHistoryItem,
      ...TEthTransactionHistoryItem[],
    ];
    const ether = { caip19: `${CHAIN}/slip44:60`, symbol: "ETH", name: "Ether", decimals: 18 };
    const tusd = {
      caip19: `${CHAIN}/erc20:${token.toLowerCase()}`,
      symbol: "TUSD",
      name: "Test USD",
      decimals: 6,
    };
    expect(ethIn!.transfers).toEqual([
      {
        direction: "IN",
        asset: ether,
        display: { crypto: "2" },
        amount: parseEther("2").toString(),
        counterparty: rich,
      },
    ]);
    expect(ethIn!.origin).toBe("EXTERNAL");
    expect(ethIn!.turnkey).toBeUndefined();
    expect(tokenIn!.transfers).toEqual([
      {
        direction: "IN",
        asset: tusd,
        display: { crypto: "1.5" },
        amount: "1500000",
        counterparty: rich,
      },
    ]);
    expect(ethOut!.transfers).toEqual([
      {
        direction: "OUT",
        asset: ether,
        display: { crypto: "0.5" },
        amount: parseEther("0.5").toString(),
        counterparty: payee,
      },
    ]);
    expect(tokenOut!.transfers).toEqual([
      {
        direction: "OUT",
        asset: tusd,
        display: { crypto: "0.25" },
        amount: "250000",
        counterparty: payee,
      },
    ]);
    for (const sent of [ethOut!, tokenOut!]) {
      expect(sent.origin).toBe("TURNKEY");
      expect(sent.turnkey?.sponsored).toBe(false);
      expect(sent.turnkey?.activityFingerprint).toMatch(/\S/);
      expect(sent.from).toBe(s.from);
      const receipt = await s.rpc<{
        gasUsed: string;
        effectiveGasPrice: string;
        blockHash: string;
        blockNumber: string;
      }>("eth_getTransactionReceipt", [sent.transactionHash]);
      expect(sent.fee).toEqual({
        amount: (BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice)).toString(),
        caip19: `${CHAIN}/slip44:60`,
      });
      expect(sent.block).toMatchObject({
        number: String(BigInt(receipt.blockNumber)),
        hash: receipt.blockHash,
      });
      expect(["CONFIRMED", "FINALIZED"]).toContain(sent.status);
    }
    expect(tokenOut!.to?.toLowerCase()).toBe(token.toLowerCase());
  });

  it("pages with opaque cursors both ways", async () => {
    const first = await history({ limit: "3" });
    expect(first.body.transactions.map((x) => x.transactionHash)).toEqual([
      hashes.tokenOut,
      hashes.ethOut,
      hashes.tokenIn,
    ]);
    expect(first.body.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await history({ limit: "3", before: first.body.pageInfo.endCursor as string });
    expect(second.body.transactions.map((x) => x.transactionHash)).toEqual([hashes.ethIn]);
    expect(second.body.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await history({ limit: "2", after: second.body.pageInfo.startCursor as string });
    expect(back.body.transactions.map((x) => x.transactionHash)).toEqual([hashes.ethOut, hashes.tokenIn]);
    const bad = await history({ before: "not-a-cursor" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/paginationOptions\.before|cursor/);
  });

  it("answers 404 for an address that is not one of the organization's wallet accounts", async () => {
    const other = await t.newOrganization("Other");
    const res = await history(undefined, other);
    expect(res.status).toBe(404);
    expect((await history(undefined, s.org, payee)).status).toBe(404);
  });
});
