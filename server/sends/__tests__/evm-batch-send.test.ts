import { encodeFunctionData, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAS_STATION_DELEGATE_ADDRESS } from "../../chains/evm/gas-station-delegate";
import { startTestApp, type TestApp } from "../../testing/harness";
import { accountsScene, type Org } from "./accounts-scene";

/** Unsponsored EIP-7702 batches and eth_undelegate_7702, paid by the account itself. */

const CHAIN = "eip155:8453";
let t: TestApp;
let org: Org;
const { rpc, submit, account, send, settle, idOf, balance, nonces } = accountsScene(() => t, CHAIN);
const newAddress = () => privateKeyToAccount(generatePrivateKey()).address;
/** Runtime code that always reverts with Error("nope"): copies the encoded error out of its own code. */
const REVERTS_NOPE = `0x6064600c60003960646000fd${encodeFunctionData({
  abi: [{ type: "function", name: "Error", inputs: [{ type: "string" }] }],
  functionName: "Error",
  args: ["nope"],
}).slice(2)}`;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Batcher");
});
afterAll(async () => t?.close());

describe("several calls without a sponsor", () => {
  it("runs them in one self-sent EIP-7702 transaction paid by the account; undelegating clears its code", async () => {
    const from = await account(org, "5");
    const [alice, bob] = [newAddress(), newAddress()];
    const res = await send(org, from, {
      calls: [
        { to: alice, value: parseEther("1").toString() },
        { to: bob, value: parseEther("0.5").toString() },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settle(org, idOf(res.body.activity));
    expect(done, JSON.stringify(done)).toMatchObject({ txStatus: "COMPLETED" });
    expect(await balance(alice)).toBe(parseEther("1"));
    expect(await balance(bob)).toBe(parseEther("0.5"));
    const mined = await rpc<{ from: string; to: string; type: string }>("eth_getTransactionByHash", [
      done.eth!.txHash,
    ]);
    expect([mined.from.toLowerCase(), mined.to.toLowerCase(), mined.type]).toEqual([
      from.toLowerCase(),
      from.toLowerCase(),
      "0x4",
    ]);
    expect(await balance(from)).toBeLessThan(parseEther("3.5")); // it paid its own gas
    expect(await rpc("eth_getCode", [from, "latest"])).toBe(
      `0xef0100${GAS_STATION_DELEGATE_ADDRESS.slice(2).toLowerCase()}`,
    );
    // The transaction's nonce and the authorization's (nonce + 1) are both spent.
    expect(await nonces(org, from)).toEqual({ nonce: "2", gasStationNonce: "0" });

    const undo = await submit(org, "eth_undelegate_7702", "ACTIVITY_TYPE_ETH_UNDELEGATE_7702", {
      from,
      caip2: CHAIN,
    });
    expect(undo.status, JSON.stringify(undo.body)).toBe(200);
    expect(undo.body.activity.type).toBe("ACTIVITY_TYPE_ETH_UNDELEGATE_7702");
    const undone = await settle(org, idOf(undo.body.activity));
    expect(undone.txStatus).toBe("COMPLETED");
    expect(await rpc("eth_getCode", [from, "latest"])).toBe("0x");
    const undoTx = await rpc<{ gas: string; type: string }>("eth_getTransactionByHash", [undone.eth!.txHash]);
    expect([BigInt(undoTx.gas), undoTx.type]).toEqual([60_000n, "0x4"]);

    // Plain transfers still work afterwards, and a new batch delegates again.
    const again = await send(org, from, {
      calls: [
        { to: alice, value: "1" },
        { to: bob, value: "1" },
      ],
    });
    expect((await settle(org, idOf(again.body.activity))).txStatus).toBe("COMPLETED");
    expect(await balance(alice)).toBe(parseEther("1") + 1n);
  });

  it("fails the whole batch with the failing call's reason; the calls before it are undone", async () => {
    const from = await account(org, "1");
    const contract = newAddress();
    await rpc("anvil_setCode", [contract, REVERTS_NOPE]);
    const alice = newAddress();
    const estimated = await send(org, from, {
      calls: [
        { to: alice, value: "7" },
        { to: contract, data: "0x12345678" },
      ],
    });
    const failed = await settle(org, idOf(estimated.body.activity));
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/nope/);

    const mined = await send(org, from, {
      calls: [
        { to: alice, value: "7" },
        { to: contract, data: "0x12345678" },
      ],
      gasLimit: "300000",
    });
    const minedFailure = await settle(org, idOf(mined.body.activity));
    expect(minedFailure.txStatus).toBe("FAILED");
    expect(minedFailure.eth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(minedFailure.txError).toMatch(/nope/);
    expect(await balance(alice)).toBe(0n);
  });

  it("refuses an undelegation from an account the organization does not hold, writing nothing", async () => {
    const res = await submit(org, "eth_undelegate_7702", "ACTIVITY_TYPE_ETH_UNDELEGATE_7702", {
      from: newAddress(),
      caip2: CHAIN,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toMatch(/signer/);
    const bad = await submit(org, "eth_undelegate_7702", "ACTIVITY_TYPE_ETH_UNDELEGATE_7702", {
      from: newAddress(),
      caip2: "eip155:999",
    });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/caip2/);
  });
});
