import { type Address, generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { routeSolanaRpc } from "../../chains/__tests__/rpc-scene";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { unsignedTransferHex } from "../../testing/solana-kit";
import { SEND_JOB_HANDLERS } from "../jobs";
import { updateSend } from "../records";
import { firstSignature } from "../svm-transaction";
import { sendStatus, settleSend } from "./send-scene";

/**
 * sol_send_transaction across a server restart (the local Solana devnet stops and starts with it,
 * from its state file): whatever step a send stood at, it is followed to a final status — and a
 * transaction that never reached the chain before its blockhash expired ends FAILED, saying so.
 */

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: Address;

const rpc = () => routeSolanaRpc(t, CHAIN);
const devnetCall = async (method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<Record<string, unknown>>(method, params);
const lamports = async (address: Address) => (await rpc().getBalance(address).send()).value;
const status = (id: string) => sendStatus(t, org, id);

beforeAll(async () => {
  t = await startTestApp({ persistent: true });
  org = await t.newOrganization("Solana restart");
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Hot",
      accounts: [
        {
          curve: "CURVE_ED25519",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/501'/0'/0'",
          addressFormat: "ADDRESS_FORMAT_SOLANA",
        },
      ],
    }),
    org.key,
  );
  from = (created.body.activity.result as { createWalletResult: { addresses: Address[] } }).createWalletResult
    .addresses[0]!;
  await devnetCall("latchkey_faucet", [from, "native", "5000000000"]);
});
afterAll(async () => t?.close());

/** Accept a transfer of `amount` to a new address; nothing is run yet. */
async function accept(amount: bigint): Promise<{ id: string; to: Address; unsigned: string }> {
  const to = (await generateKeyPairSigner()).address;
  const unsigned = await unsignedTransferHex(rpc(), from, to, amount);
  const res = await t.call<{ activity: TActivity }>(
    "submit",
    "sol_send_transaction",
    t.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", org.organizationId, {
      signWiths: [from],
      caip2: CHAIN,
      unsignedTransaction: unsigned,
    }),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const id = (res.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } })
    .solSendTransactionResultV2.sendTransactionStatusId;
  return { id, to, unsigned };
}

/**
 * The crash window between storing the signed bytes and handing them to the node: the row holds
 * them (signed here by sign_transaction, as the job would have), the chain never saw them.
 */
async function signedButNeverSent(amount: bigint, status: "PENDING" | "BROADCASTED") {
  const { id, to, unsigned } = await accept(amount);
  const signed = await t.call<{ activity: TActivity }>(
    "submit",
    "sign_transaction",
    t.activity("ACTIVITY_TYPE_SIGN_TRANSACTION_V2", org.organizationId, {
      signWith: from,
      unsignedTransaction: unsigned,
      type: "TRANSACTION_TYPE_SOLANA",
    }),
    org.key,
  );
  const signedTransaction = (
    signed.body.activity.result as { signTransactionResult: { signedTransaction: string } }
  ).signTransactionResult.signedTransaction;
  await updateSend(t.app.db, id, t.clock.now(), {
    status,
    signedTransaction,
    txHash: firstSignature(signedTransaction),
  });
  return { id, to, signature: firstSignature(signedTransaction) };
}

describe("a server restart while a Solana send is in flight", () => {
  it("resumes a send accepted but not yet signed, and one broadcast but not yet followed", async () => {
    const broadcast = await accept(1_222_000n);
    await runDueJobs(t.app, SEND_JOB_HANDLERS); // signed and sent in one run; not yet looked for
    expect((await status(broadcast.id)).txStatus).toBe("BROADCASTED");
    const waiting = await accept(1_111_000n);
    expect((await status(waiting.id)).txStatus).toBe("PENDING");
    await t.restart();
    const [first, second] = [await settleSend(t, org, waiting.id), await settleSend(t, org, broadcast.id)];
    expect(second.txStatus, JSON.stringify(second)).toBe("COMPLETED");
    expect(await lamports(broadcast.to)).toBe(1_222_000n);
    expect(first.txStatus, JSON.stringify(first)).toBe("COMPLETED");
    expect(await lamports(waiting.to)).toBe(1_111_000n);
  });

  it("sends the stored bytes, never a new transaction, when it stopped between signing and sending", async () => {
    const { id, to, signature } = await signedButNeverSent(1_333_000n, "PENDING");
    await t.restart();
    const done = await settleSend(t, org, id);
    expect(done).toEqual({ txStatus: "COMPLETED", solana: { signature } });
    expect(await lamports(to)).toBe(1_333_000n);
  });

  it("ends FAILED, naming the expired blockhash, when the chain never got it before the blockhash expired", async () => {
    const unsent = await signedButNeverSent(1_444_000n, "PENDING");
    const lost = await signedButNeverSent(1_555_000n, "BROADCASTED");
    await t.restart();
    // The local devnet does not count the time the server was down; a real cluster does: 151 slots pass.
    await devnetCall("latchkey_expireBlockhashes");
    const refused = await settleSend(t, org, unsent.id);
    expect(refused.txStatus).toBe("FAILED");
    expect(refused.txError).toMatch(/blockhash not found/i);
    const dropped = await settleSend(t, org, lost.id);
    expect(dropped.txStatus).toBe("FAILED");
    expect(dropped.txError).toMatch(
      /^dropped: the transaction did not land before its blockhash \S+ expired$/,
    );
    expect(await lamports(unsent.to)).toBe(0n);
    expect(await lamports(lost.to)).toBe(0n);
  });
});
