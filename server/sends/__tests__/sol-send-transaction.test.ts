import { type Address, generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { routeSolanaRpc } from "../../chains/__tests__/rpc-scene";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { unsignedTransferHex } from "../../testing/solana-kit";
import { sendStatus, settleSend } from "./send-scene";

/** sol_send_transaction through the real pipeline, the job queue and the local Solana devnet. */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: Address;
let second: Address;

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
/** @solana/kit over the app's /rpc route, as a wallet would see the chain. */
const rpc = () => routeSolanaRpc(t, CHAIN);
const devnetCall = async (method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<Record<string, unknown>>(method, params);
const lamports = async (address: Address) => (await rpc().getBalance(address).send()).value;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Solana sender");
  const account = (path: string) => ({
    curve: "CURVE_ED25519",
    pathFormat: "PATH_FORMAT_BIP32",
    path,
    addressFormat: "ADDRESS_FORMAT_SOLANA",
  });
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Hot",
      accounts: [account("m/44'/501'/0'/0'"), account("m/44'/501'/1'/0'")],
    }),
    org.key,
  );
  [from, second] = (created.body.activity.result as { createWalletResult: { addresses: Address[] } })
    .createWalletResult.addresses as [Address, Address];
  await devnetCall("latchkey_faucet", [from, "native", "5000000000"]);
});
afterAll(async () => t?.close());

async function send(parameters: Record<string, unknown>) {
  return t.call<{ activity: TActivity; message: string }>(
    "submit",
    "sol_send_transaction",
    t.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", org.organizationId, {
      signWiths: [from],
      caip2: CHAIN,
      ...parameters,
    }),
    org.key,
  );
}

const status = (sendTransactionStatusId: string) => sendStatus(t, org, sendTransactionStatusId);

const settle = (id: string) => settleSend(t, org, id);

const idOf = (activity: TActivity) =>
  (activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } })
    .solSendTransactionResultV2.sendTransactionStatusId;

describe("sol_send_transaction", () => {
  it("signs, broadcasts and follows a kit-built transfer to COMPLETED; the SOL arrives", async () => {
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), from, to, 300_000_000n);
    const res = await send({ unsignedTransaction, caip2: "solana:devnet" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.intent).toMatchObject({ solSendTransactionIntentV2: { caip2: CHAIN } });
    const id = idOf(res.body.activity);
    expect(await status(id)).toEqual({ txStatus: "PENDING", solana: {} });
    const done = await settle(id);
    expect(done.txStatus, JSON.stringify(done)).toBe("COMPLETED");
    expect(await lamports(to)).toBe(300_000_000n);
    const onChain = await rpc()
      .getTransaction(done.solana!.signature as never, {
        encoding: "json",
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(onChain?.transaction.message.accountKeys[0]).toBe(from);
  });

  it("uses a given recentBlockhash as is, and fails clearly when it is stale", async () => {
    const to = (await generateKeyPairSigner()).address;
    const old = (await rpc().getLatestBlockhash().send()).value;
    await devnetCall("latchkey_expireBlockhashes");
    const fresh = (await rpc().getLatestBlockhash().send()).value;
    // The message carries the stale one; the given recentBlockhash replaces it.
    const unsignedTransaction = await unsignedTransferHex(rpc(), from, to, 1_000_000n, { blockhash: old });
    const ok = await settle(
      idOf((await send({ unsignedTransaction, recentBlockhash: fresh.blockhash })).body.activity),
    );
    expect(ok.txStatus, JSON.stringify(ok)).toBe("COMPLETED");
    expect(await lamports(to)).toBe(1_000_000n);

    const stale = await settle(
      idOf((await send({ unsignedTransaction, recentBlockhash: old.blockhash })).body.activity),
    );
    expect(stale.txStatus).toBe("FAILED");
    expect(stale.txError).toMatch(/Blockhash not found/);
    expect(stale.error?.solana).toMatchObject({
      rpcCode: -32002,
      transactionErrorJson: '"BlockhashNotFound"',
    });
    // Without recentBlockhash, unsponsored: the message's own (stale) blockhash is kept.
    const own = await settle(idOf((await send({ unsignedTransaction })).body.activity));
    expect(own.txError).toMatch(/Blockhash not found/);
  });

  it("accepts all six caip2 spellings and stores the canonical one", async () => {
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), from, to, 1_000_000n);
    const spellings: [string, string][] = [
      ["solana:mainnet", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d", "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"],
      ["solana:devnet", CHAIN],
      [CHAIN, CHAIN],
      ["solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG", CHAIN],
    ];
    for (const [given, stored] of spellings) {
      const res = await send({ unsignedTransaction, caip2: given });
      expect(res.status, given).toBe(200);
      expect(res.body.activity.intent).toMatchObject({ solSendTransactionIntentV2: { caip2: stored } });
    }
  });

  it("refuses what it cannot send with a 400 naming the field, and writes nothing", async () => {
    const to = (await generateKeyPairSigner()).address;
    const stranger = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), from, to, 1n);
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ unsignedTransaction, signWiths: [] }, /signWiths/],
      [{ unsignedTransaction, signWiths: new Array(17).fill(from) }, /signWiths/],
      [
        { unsignedTransaction, signWiths: [stranger] },
        /signWiths\[0\].*not a wallet account|not a wallet account/,
      ],
      [{ unsignedTransaction, signWiths: [from, second] }, /not a required signer/],
      [{ unsignedTransaction: "zz12" }, /unsignedTransaction/],
      [{ unsignedTransaction: "0102" }, /unsignedTransaction/],
      [{ unsignedTransaction, caip2: "solana:testnet" }, /caip2/],
      [{ unsignedTransaction, recentBlockhash: "0OIl" }, /recentBlockhash/],
    ];
    const before = await databaseDigest(t.app);
    for (const [parameters, says] of cases) {
      const res = await send(parameters);
      expect(res.status, JSON.stringify(parameters)).toBe(400);
      expect(res.body.message, JSON.stringify(parameters)).toMatch(says);
    }
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("reports a transaction that fails on chain with the chain's error", async () => {
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), from, to, 10n ** 15n);
    const failed = await settle(idOf((await send({ unsignedTransaction })).body.activity));
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/custom program error: 0x1/);
    expect(failed.error?.solana?.logs?.join("\n")).toMatch(/insufficient lamports/);
  });
});
