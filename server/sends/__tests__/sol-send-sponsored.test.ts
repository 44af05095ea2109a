import { type Address, generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { routeSolanaRpc } from "../../chains/__tests__/rpc-scene";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { unsignedTransferHex } from "../../testing/solana-kit";
import { settleSend } from "./send-scene";

/** sponsor: true — the organization's Solana gas station pays the fee and signs first. */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let station: Address;
let user: Address;

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
/** @solana/kit over the app's /rpc route, as a wallet would see the chain. */
const rpc = () => routeSolanaRpc(t, CHAIN);
const lamports = async (address: Address) => (await rpc().getBalance(address).send()).value;
const submit = (path: string, type: string, params: unknown) =>
  t.call<{ activity: TActivity; message: string }>(
    "submit",
    path,
    t.activity(type, org.organizationId, params),
    org.key,
  );

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Sponsored");
  const account = (path: string) => ({
    curve: "CURVE_ED25519",
    pathFormat: "PATH_FORMAT_BIP32",
    path,
    addressFormat: "ADDRESS_FORMAT_SOLANA",
  });
  const created = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: "Gas and user",
    accounts: [account("m/44'/501'/0'/0'"), account("m/44'/501'/1'/0'")],
  });
  [station, user] = (created.body.activity.result as { createWalletResult: { addresses: Address[] } })
    .createWalletResult.addresses as [Address, Address];
  const client = await t.app.chains.rpc(CHAIN);
  await client.call("latchkey_faucet", [station, "native", "1000000000"]);
  await client.call("latchkey_faucet", [user, "native", "500000000"]);
});
afterAll(async () => t?.close());

const settle = (id: string) => settleSend(t, org, id);

const send = (params: Record<string, unknown>) =>
  submit("sol_send_transaction", "ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", {
    caip2: CHAIN,
    sponsor: true,
    ...params,
  });

describe("sponsored sol_send_transaction", () => {
  it("refuses sponsorship clearly while no gas station is set", async () => {
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), user, to, 1_000_000n, { feePayer: station });
    const res = await send({ unsignedTransaction, signWiths: [user] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/gas sponsorship is not set up/);
  });

  it("lets the gas station pay the fee, with a fresh blockhash fetched during execution", async () => {
    const configured = await submit("upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
      enabled: true,
      orgWindowLimitUsd: "10",
      solanaGasStationAddress: station,
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const to = (await generateKeyPairSigner()).address;
    // A stale blockhash in the message: omitted recentBlockhash + sponsor means a fresh one is used.
    const old = (await rpc().getLatestBlockhash().send()).value;
    await (await t.app.chains.rpc(CHAIN)).call("latchkey_expireBlockhashes");
    const unsignedTransaction = await unsignedTransferHex(rpc(), user, to, 100_000_000n, {
      feePayer: station,
      blockhash: old,
    });
    const [stationBefore, userBefore] = [await lamports(station), await lamports(user)];
    const res = await send({ unsignedTransaction, signWiths: [user] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (
      res.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } }
    ).solSendTransactionResultV2.sendTransactionStatusId;
    const done = await settle(id);
    expect(done.txStatus, JSON.stringify(done)).toBe("COMPLETED");
    expect(await lamports(to)).toBe(100_000_000n);
    expect(await lamports(user)).toBe(userBefore - 100_000_000n);
    expect(await lamports(station)).toBe(stationBefore - 10_000n);
    const usage = await t.call<{ usageUsd: string }>(
      "query",
      "get_gas_usage",
      { organizationId: org.organizationId },
      org.key,
    );
    // 10,000 lamports at the default $150 per SOL.
    expect(usage.body.usageUsd, JSON.stringify(usage.body)).toBe("0.0015");
  });

  it("requires the gas station as fee payer and the other signers in order", async () => {
    const to = (await generateKeyPairSigner()).address;
    const notStation = await unsignedTransferHex(rpc(), user, to, 1n);
    const payer = await send({ unsignedTransaction: notStation, signWiths: [user] });
    expect(payer.status).toBe(400);
    expect(payer.body.message).toMatch(/fee payer .* must be the gas station/);
    const sponsored = await unsignedTransferHex(rpc(), user, to, 1n, { feePayer: station });
    const wrong = await send({
      unsignedTransaction: sponsored,
      signWiths: [(await generateKeyPairSigner()).address],
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(/signWiths/);
  });

  it("refuses a sponsored message that draws on the gas station beyond its fee", async () => {
    const thief = (await generateKeyPairSigner()).address;
    const stationBefore = await lamports(station);
    // The station as fee payer and as the transfer's source: its signature would pay the thief.
    const drain = await unsignedTransferHex(rpc(), station, thief, 500_000_000n, { feePayer: station });
    const res = await send({ unsignedTransaction: drain, signWiths: [station] });
    expect(res.status, JSON.stringify(res.body)).toBe(400);
    expect(res.body.message).toMatch(/only as its fee payer; instruction 0 lists it/);
    expect(await lamports(thief)).toBe(0n);
    expect(await lamports(station)).toBe(stationBefore);
  });

  it("fails clearly, naming the gas station, when it holds nothing to pay the fee; the user pays nothing", async () => {
    const created = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Empty gas station",
      accounts: [
        {
          curve: "CURVE_ED25519",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/501'/0'/0'",
          addressFormat: "ADDRESS_FORMAT_SOLANA",
        },
      ],
    });
    const [empty] = (created.body.activity.result as { createWalletResult: { addresses: Address[] } })
      .createWalletResult.addresses as [Address];
    const configured = await submit("upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
      solanaGasStationAddress: empty,
    });
    expect(configured.status, JSON.stringify(configured.body)).toBe(200);
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc(), user, to, 1_000_000n, { feePayer: empty });
    const userBefore = await lamports(user);
    const res = await send({ unsignedTransaction, signWiths: [user] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = (
      res.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } }
    ).solSendTransactionResultV2.sendTransactionStatusId;
    const failed = await settle(id);
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(
      new RegExp(`^the gas station ${empty} cannot pay the fee; fund it \\(Transaction simulation failed`),
    );
    expect(failed.error?.solana?.transactionErrorJson).toBe('"AccountNotFound"');
    expect(await lamports(to)).toBe(0n);
    expect(await lamports(user)).toBe(userBefore);
  });
});
