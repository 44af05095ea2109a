import { encodeFunctionData, erc20Abi, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";
import { accountsScene, type Org } from "./accounts-scene";

/**
 * Sponsored sends (the gas station's type-4 transaction carrying the account's authorization) go
 * through the same reconciliation as any send: re-sent as the same bytes after a restart that lost
 * them, FAILED as dropped when the gas station's nonce went to another transaction — and the spend
 * is counted only for what landed.
 */

const CHAIN = "eip155:1";
const USDC = SEEDED_TOKENS[0]!.address;
let t: TestApp;
let org: Org;
let gasStation: Hex;
const { rpc, submit, account, send, status, settle, idOf } = accountsScene(() => t, CHAIN);

const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;
const transfer = (to: string, amount: bigint) => ({
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to as Hex, amount] }),
});
const usdcOf = async (who: string) =>
  BigInt(
    await rpc("eth_call", [
      {
        to: USDC,
        data: encodeFunctionData({ abi: erc20Abi, functionName: "balanceOf", args: [who as Hex] }),
      },
      "latest",
    ]),
  );
const usageUsd = async () =>
  (
    await t.call<{ usageUsd: string }>(
      "query",
      "get_gas_usage",
      { organizationId: org.organizationId },
      org.key,
    )
  ).body.usageUsd;

/** A zero-ETH account holding USDC, and its first sponsored transfer signed and sent to a node that does not mine. */
async function broadcastUnmined(amount: bigint) {
  const user = await account(org);
  await faucetCall(t, CHAIN, [user, `${CHAIN}/erc20:${USDC}`, "1000"]);
  await rpc("evm_setAutomine", [false]);
  const to = newAddress();
  const res = await send(org, user, { sponsor: true, calls: [transfer(to, amount)] });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = idOf(res.body.activity);
  await runDueJobs(t.app, SEND_JOB_HANDLERS);
  const now = await status(org, id);
  expect(now.txStatus).toBe("BROADCASTED");
  const hash = now.eth!.txHash! as Hex;
  const pending = await rpc<{ type: string; from: string }>("eth_getTransactionByHash", [hash]);
  expect(pending.type).toBe("0x4"); // the account's first delegation rides along
  expect(pending.from.toLowerCase()).toBe(gasStation.toLowerCase());
  return { id, user, to, hash };
}

beforeAll(async () => {
  t = await startTestApp({ persistent: true });
  org = await t.newOrganization("Sponsor");
  gasStation = await account(org, "10");
  const upserted = await submit(org, "upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
    enabled: true,
    evmGasStationAddress: gasStation,
    orgWindowLimitUsd: "50",
    subOrgWindowLimitUsd: "50",
    windowDurationMinutes: "60",
  });
  expect(upserted.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  // The delegate is deployed by the first sponsored send that needs it: do that with mining on.
  const warm = await account(org);
  await faucetCall(t, CHAIN, [warm, `${CHAIN}/erc20:${USDC}`, "1"]);
  const first = await send(org, warm, { sponsor: true, calls: [transfer(newAddress(), 1n)] });
  expect((await settle(org, idOf(first.body.activity))).txStatus).toBe("COMPLETED");
});
afterAll(async () => t?.close());

describe("a sponsored send across a restart", () => {
  it("is sent again as the same type-4 bytes after the node lost it, COMPLETES once, and its fee is counted", async () => {
    const { id, user, to, hash } = await broadcastUnmined(300n);
    const usageBefore = await usageUsd();
    // The node stops with the server (its state dumped, its mempool not) and starts afresh.
    await t.restart();
    expect(await rpc("eth_getTransactionByHash", [hash])).toBeNull();
    expect((await status(org, id)).txStatus).toBe("BROADCASTED");
    const done = await settle(org, id);
    expect(done).toEqual({ txStatus: "COMPLETED", eth: { txHash: hash } });
    expect(await usdcOf(to)).toBe(300n);
    expect(await usdcOf(user)).toBe(700n);
    expect(BigInt(await rpc("eth_getBalance", [user, "latest"]))).toBe(0n);
    expect(Number(await usageUsd())).toBeGreaterThan(Number(usageBefore));
  });

  it("is FAILED as dropped when the gas station's nonce went to another transaction, and costs nothing", async () => {
    const lost = await broadcastUnmined(5n);
    const { nonce } = await rpc<{ nonce: string }>("eth_getTransactionByHash", [lost.hash]);
    await rpc("anvil_dropTransaction", [lost.hash]);
    await rpc("evm_setAutomine", [true]);
    // Someone else holding the gas station's key (here: the node impersonating it) spends its nonce.
    await rpc("anvil_impersonateAccount", [gasStation]);
    await rpc("eth_sendTransaction", [{ from: gasStation, to: newAddress(), value: "0x1", nonce }]);
    await rpc("anvil_stopImpersonatingAccount", [gasStation]);
    const usageBefore = await usageUsd();
    const dropped = await settle(org, lost.id);
    expect(dropped.txStatus).toBe("FAILED");
    expect(dropped.txError).toMatch(/^dropped: .*its nonce was used by another transaction \(nonce too low/i);
    expect(await usdcOf(lost.to)).toBe(0n);
    expect(await usageUsd()).toBe(usageBefore);
  });
});
