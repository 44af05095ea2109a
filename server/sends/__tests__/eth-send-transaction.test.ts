import { encodeFunctionData, parseEther, toHex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import { runDueJobs } from "../../jobs/worker";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";

/** eth_send_transaction through the real pipeline, the job queue and the local EVM devnet. */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: string;

const CHAIN = "eip155:1";
const rpc = async (method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<string>(method, params);

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Sender");
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Hot",
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    }),
    org.key,
  );
  from = (created.body.activity.result as { createWalletResult: { addresses: string[] } }).createWalletResult
    .addresses[0]!;
  await rpc("anvil_setBalance", [from, toHex(parseEther("10"))]);
});
afterAll(async () => t?.close());

async function send(parameters: Record<string, unknown>) {
  return t.call<{ activity: TActivity; message: string }>(
    "submit",
    "eth_send_transaction",
    t.activity("ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", org.organizationId, {
      from,
      caip2: CHAIN,
      ...parameters,
    }),
    org.key,
  );
}

const status = async (sendTransactionStatusId: string) =>
  (
    await t.call<TSendTransactionStatus>(
      "query",
      "get_send_transaction_status",
      { organizationId: org.organizationId, sendTransactionStatusId },
      org.key,
    )
  ).body;

/** Work the queue as the server's worker does, moving the test clock past each poll's wait. */
async function settle(id: string): Promise<TSendTransactionStatus> {
  for (let round = 0; round < 20; round++) {
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const now = await status(id);
    if (now.txStatus === "COMPLETED" || now.txStatus === "FAILED") return now;
    t.clock.advance(1_000);
  }
  throw new Error("the send did not settle");
}

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
      [{ calls: [{ to }, { to }] }, /one call/],
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
