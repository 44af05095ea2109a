import { encodeFunctionData, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { databaseDigest } from "../../testing/db-snapshot";
import { CHAIN, type SendScene, startSendScene } from "./send-scene";

/** eth_send_transaction through the real pipeline, the job queue and the local EVM devnet. */

let s: SendScene;
let t: SendScene["t"];
let from: string;

const rpc = async (method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<string>(method, params);

beforeAll(async () => {
  s = await startSendScene();
  ({ t, from } = s);
});
afterAll(async () => s?.close());

const send = async (parameters: Record<string, unknown>) =>
  (await s.submit("eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
    from,
    caip2: CHAIN,
    ...parameters,
  })) as { status: number; body: { activity: TActivity; message: string } };
const status = (id: string) => s.status(id);
const settle = (id: string) => s.settle(id);

const idOf = (activity: TActivity) =>
  (activity.result as { ethSendTransactionResultV2: { sendTransactionStatusId: string } })
    .ethSendTransactionResultV2.sendTransactionStatusId;

/** Runtime code that always reverts with Error("nope"): copies the encoded error out of its own code. */
const REVERTS_NOPE = `0x6064600c60003960646000fd${encodeFunctionData({
  abi: [{ type: "function", name: "Error", inputs: [{ type: "string" }] }],
  functionName: "Error",
  args: ["nope"],
}).slice(2)}`;

describe("eth_send_transaction", () => {
  it("accepts, signs, broadcasts and follows a transfer to COMPLETED; the ETH arrives", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const res = await send({ calls: [{ to, value: parseEther("1.5").toString() }] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const id = idOf(res.body.activity);
    expect(await status(id)).toEqual({ txStatus: "PENDING", eth: {} });
    const done = await settle(id);
    expect(done.txStatus).toBe("COMPLETED");
    expect(done.eth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(BigInt(await rpc("eth_getBalance", [to, "latest"]))).toBe(parseEther("1.5"));
    const onChain = await (await t.app.chains.rpc(CHAIN)).call<{ from: string }>("eth_getTransactionByHash", [
      done.eth!.txHash,
    ]);
    expect(onChain.from.toLowerCase()).toBe(from.toLowerCase());
  });

  it("fills consecutive nonces for sends queued together", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const ids = [];
    for (let i = 0; i < 3; i++)
      ids.push(idOf((await send({ calls: [{ to, value: "1000" }] })).body.activity));
    for (const id of ids) expect((await settle(id)).txStatus).toBe("COMPLETED");
    expect(BigInt(await rpc("eth_getBalance", [to, "latest"]))).toBe(3000n);
  });

  it("reports a contract's revert reason, whether the estimate or the block finds it", async () => {
    const contract = privateKeyToAccount(generatePrivateKey()).address;
    await rpc("anvil_setCode", [contract, REVERTS_NOPE]);
    const estimated = await settle(
      idOf((await send({ calls: [{ to: contract, data: "0x12345678" }] })).body.activity),
    );
    expect(estimated.txStatus).toBe("FAILED");
    expect(estimated.txError).toMatch(/nope/);
    expect(estimated.error?.eth?.revertChain[0]?.displayMessage).toMatch(/nope/);

    const mined = await settle(
      idOf((await send({ calls: [{ to: contract, data: "0x12345678" }], gasLimit: "100000" })).body.activity),
    );
    expect(mined.txStatus).toBe("FAILED");
    expect(mined.eth?.txHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(mined.txError).toMatch(/nope/);
  });

  it("refuses what it cannot send with a 400 naming the field, and writes nothing", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ caip2: "eip155:999", calls: [{ to }] }, /caip2/],
      [{ calls: [] }, /calls/],
      [{ calls: [{ to: "0x1234" }] }, /20-byte hex address/],
      [{ calls: [{ to, value: "-1" }] }, /base units/],
      [{ calls: [{ to, data: "0xabc" }] }, /whole bytes/],
      [{ calls: [{ to }], sponsor: true }, /gas station/],
      [{ calls: Array.from({ length: 51 }, () => ({ to })) }, /at most 50 calls/],
      [{ from: privateKeyToAccount(generatePrivateKey()).address, calls: [{ to }] }, /signer/],
    ];
    const before = await databaseDigest(t.app);
    for (const [parameters, says] of cases) {
      const res = await send(parameters);
      expect(res.status, JSON.stringify(parameters)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
      expect(res.body.message).toMatch(says);
    }
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("answers 404 for another organization's send status", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const id = idOf((await send({ calls: [{ to, value: "1" }] })).body.activity);
    const other = await t.newOrganization("Other");
    const res = await t.call(
      "query",
      "get_send_transaction_status",
      { organizationId: other.organizationId, sendTransactionStatusId: id },
      other.key,
    );
    expect(res.status).toBe(404);
    await settle(id);
  });
});
