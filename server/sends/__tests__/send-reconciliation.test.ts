import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { enqueue } from "../../jobs/queue";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";
import { EVM_SEND_JOB, updateSend } from "../records";
import { type SendScene, sendScene } from "./send-scene";

/**
 * What Latchkey does when the chain and its own records disagree: after a restart of the server or
 * of the node, a transaction it follows may be unknown to the chain. Real local devnet, real queue.
 */

let t: TestApp;
let s: SendScene;
beforeAll(async () => {
  t = await startTestApp({ persistent: true });
  s = await sendScene(t);
});
afterAll(async () => t?.close());

const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const balance = async (address: string) => BigInt(await s.rpc("eth_getBalance", [address, "latest"]));

/** Accept a send and run its job once: signed, handed to a node that does not mine. */
async function broadcastUnmined(value: string): Promise<{ id: string; to: string; hash: string }> {
  await s.rpc("evm_setAutomine", [false]);
  const to = newAddress();
  const id = await s.sendId({ calls: [{ to, value }] });
  await runDueJobs(t.app, SEND_JOB_HANDLERS);
  const now = await s.status(id);
  expect(now.txStatus).toBe("BROADCASTED");
  return { id, to, hash: now.eth!.txHash! };
}

describe("a send the chain no longer knows", () => {
  it("is sent again as the same signed bytes and COMPLETES once", async () => {
    const { id, to, hash } = await broadcastUnmined("777");
    await s.rpc("anvil_dropTransaction", [hash]);
    expect(await s.rpc("eth_getTransactionByHash", [hash])).toBeNull();
    await s.rpc("evm_setAutomine", [true]);
    const done = await s.settle(id);
    expect(done).toEqual({ txStatus: "COMPLETED", eth: { txHash: hash } });
    expect(await balance(to)).toBe(777n);
  });

  it("is FAILED as dropped when another transaction has used its nonce meanwhile", async () => {
    const lost = await broadcastUnmined("5");
    const { nonce } = await s.rpc<{ nonce: string }>("eth_getTransactionByHash", [lost.hash]);
    await s.rpc("anvil_dropTransaction", [lost.hash]);
    // Someone else holding the key (here: the node impersonating it) spends the same nonce.
    await s.rpc("evm_setAutomine", [true]);
    await s.rpc("anvil_impersonateAccount", [s.from]);
    await s.rpc("eth_sendTransaction", [{ from: s.from, to: newAddress(), value: "0x6", nonce }]);
    await s.rpc("anvil_stopImpersonatingAccount", [s.from]);
    const dropped = await s.settle(lost.id);
    expect(dropped.txStatus).toBe("FAILED");
    expect(dropped.txError).toMatch(/^dropped: .*its nonce was used by another transaction \(nonce too low/i);
    expect(await balance(lost.to)).toBe(0n);
  });

  it("is not signed twice when it had landed before the server could record sending it", async () => {
    const to = newAddress();
    const id = await s.sendId({ calls: [{ to, value: "42" }] });
    const first = await s.settle(id);
    expect(first.txStatus).toBe("COMPLETED");
    // The crash window: signed bytes stored and sent, the status never moved past PENDING.
    await updateSend(t.app.db, id, t.clock.now(), { status: "PENDING", blockNumber: null });
    await enqueue(t.app.db, t.clock.now(), EVM_SEND_JOB, { sendId: id });
    expect(await s.settle(id)).toEqual(first);
    expect(await balance(to)).toBe(42n);
  });
});

describe("a server restart", () => {
  it("resumes following a BROADCASTED send to COMPLETED, whatever the node kept", async () => {
    const { id, to, hash } = await broadcastUnmined("1234");
    // The node stops with the server (its state dumped, its mempool not) and starts afresh.
    await t.restart();
    expect((await s.status(id)).txStatus).toBe("BROADCASTED");
    const done = await s.settle(id);
    expect(done).toEqual({ txStatus: "COMPLETED", eth: { txHash: hash } });
    expect(await balance(to)).toBe(1234n);
  });

  it("finds a send mined before the restart in the node's restored blocks", async () => {
    const to = newAddress();
    const id = await s.sendId({ calls: [{ to, value: "99" }] });
    await runDueJobs(t.app, SEND_JOB_HANDLERS); // broadcast (mined at once); not yet looked for
    await t.restart();
    const done = await s.settle(id);
    expect(done.txStatus).toBe("COMPLETED");
    expect(await balance(to)).toBe(99n);
  });
});

describe("the local devnet killed with -9 mid-run", () => {
  it("is restarted from its last state dump, and a send still completes", async () => {
    const funded = newAddress();
    await s.rpc("anvil_setBalance", [funded, "0xabcdef"]);
    await new Promise((r) => setTimeout(r, 2_500)); // the node dumps its state every 2 s
    const killed = await t.app.chains.devnetPid("eip155:1");
    process.kill(killed!, "SIGKILL");
    await expect.poll(() => t.app.chains.devnetPid("eip155:1"), { timeout: 15_000 }).not.toBe(killed);
    expect(await balance(funded)).toBe(0xabcdefn);
    const to = newAddress();
    const done = await s.settle(await s.sendId({ calls: [{ to, value: "31" }] }));
    expect(done.txStatus).toBe("COMPLETED");
    expect(await balance(to)).toBe(31n);
  });
});
