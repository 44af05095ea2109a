import { type Address, generateKeyPairSigner } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import type { TSolTransactionHistoryItem } from "@/lib/api/history";
import { routeSolanaRpc } from "../../chains/__tests__/rpc-scene";
import { faucetSigner } from "../../chains/devnets/svm/seeded-keys";
import { settleSend } from "../../sends/__tests__/send-scene";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import {
  sendAndConfirm,
  signedTransaction,
  splTransferInstructions,
  unsignedHex,
} from "../../testing/solana-kit";

/** list_sol_transaction_history: read from the local Solana devnet over its JSON-RPC when asked. */

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const USDC = `${CHAIN}/token:${DEVNET_USDC_MINT}`;
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: Address;
const payee = (await generateKeyPairSigner()).address;
const FAUCET_ADDRESS = (await faucetSigner()).address;
const sigs: Record<string, string> = {};

const rpc = () => routeSolanaRpc(t, CHAIN);
const devnetCall = async <T = Record<string, unknown>>(method: string, params: unknown[] = []) =>
  (await t.app.chains.rpc(CHAIN)).call<T>(method, params);

type History = { transactions: TSolTransactionHistoryItem[]; pageInfo: Record<string, unknown> };
const history = (
  paginationOptions?: Record<string, string>,
  { who = org, address = from as string, caip2 = CHAIN } = {},
) =>
  t.call<History & { message: string }>(
    "query",
    "list_sol_transaction_history",
    { organizationId: who.organizationId, address, caip2, paginationOptions },
    who.key,
  );

async function send(unsignedTransaction: string): Promise<string> {
  const res = await t.call<{ activity: TActivity }>(
    "submit",
    "sol_send_transaction",
    t.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", org.organizationId, {
      signWiths: [from],
      caip2: CHAIN,
      unsignedTransaction,
    }),
    org.key,
  );
  const id = (res.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } })
    .solSendTransactionResultV2.sendTransactionStatusId;
  const done = await settleSend(t, org, id);
  expect(done.txStatus, JSON.stringify(done)).toBe("COMPLETED");
  return done.solana!.signature!;
}

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Solana history");
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
  // Two transactions from outside Latchkey (the faucet's), then two that Latchkey sends.
  sigs.solIn = (await devnetCall("latchkey_faucet", [from, "native", "2000000000"])).signature as string;
  sigs.usdcIn = (await devnetCall("latchkey_faucet", [from, USDC, "3000000"])).signature as string;
  sigs.solOut = await send(
    await unsignedHex(rpc(), from, [
      getTransferSolInstruction({
        source: { address: from } as never,
        destination: payee,
        amount: 250_000_000n,
      }),
    ]),
  );
  sigs.usdcOut = await send(
    await unsignedHex(
      rpc(),
      from,
      await splTransferInstructions(from, payee, DEVNET_USDC_MINT as Address, 1_250_000n, 6),
    ),
  );
});
afterAll(async () => t?.close());

describe("list_sol_transaction_history", () => {
  it("shows SOL and USDC in and out, most recent first, with fees, signers and Latchkey's own marked", async () => {
    const res = await history();
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const txs = res.body.transactions;
    expect(txs.map((x) => x.signature)).toEqual([sigs.usdcOut, sigs.solOut, sigs.usdcIn, sigs.solIn]);
    const [usdcOut, solOut, usdcIn, solIn] = txs as [
      TSolTransactionHistoryItem,
      ...TSolTransactionHistoryItem[],
    ];
    const sol = { caip19: `${CHAIN}/slip44:501`, symbol: "SOL", name: "Solana", decimals: 9 };
    const usdc = { caip19: USDC, symbol: "USDC", name: "USD Coin (Latchkey devnet)", decimals: 6 };
    expect(solIn!.transfers).toEqual([
      {
        direction: "IN",
        asset: sol,
        display: { crypto: "2" },
        amount: "2000000000",
        counterparty: FAUCET_ADDRESS,
      },
    ]);
    expect(solIn).toMatchObject({ origin: "EXTERNAL", feePayer: FAUCET_ADDRESS });
    expect(solIn!.turnkey).toBeUndefined();
    // Minted into the address's token account: the mint is the other side.
    expect(usdcIn!.transfers).toEqual([
      {
        direction: "IN",
        asset: usdc,
        display: { crypto: "3" },
        amount: "3000000",
        counterparty: DEVNET_USDC_MINT,
      },
    ]);
    expect(solOut!.transfers).toEqual([
      { direction: "OUT", asset: sol, display: { crypto: "0.25" }, amount: "250000000", counterparty: payee },
    ]);
    // The payee's token account was created in the same transaction: its rent is a SOL transfer too.
    const rent = await devnetCall<number>("getMinimumBalanceForRentExemption", [165]);
    expect(usdcOut!.transfers).toEqual([
      expect.objectContaining({ direction: "OUT", amount: String(rent), asset: sol }),
      { direction: "OUT", asset: usdc, display: { crypto: "1.25" }, amount: "1250000", counterparty: payee },
    ]);
    for (const sent of [solOut!, usdcOut!]) {
      expect(sent.origin).toBe("TURNKEY");
      expect(sent.turnkey).toMatchObject({
        sponsored: false,
        activityFingerprint: expect.stringMatching(/\S/),
      });
      expect(sent.feePayer).toBe(from);
      expect(sent.signers).toEqual([{ address: from, writable: true }]);
      expect(sent.fee).toEqual({ amount: "5000", caip19: `${CHAIN}/slip44:501` });
      const onChain = await devnetCall<{ slot: number; blockTime: number }>("getTransaction", [
        sent.signature,
        { encoding: "json", maxSupportedTransactionVersion: 0 },
      ]);
      const block = await devnetCall<{ blockhash: string }>("getBlock", [
        onChain.slot,
        { transactionDetails: "none" },
      ]);
      expect(sent.block).toEqual({
        number: String(onChain.slot),
        hash: block.blockhash,
        timestamp: new Date(onChain.blockTime * 1000).toISOString(),
      });
      expect(sent.status).toBe("FINALIZED");
    }
  });

  it("picks up what landed since it was last asked, and accepts the cluster's aliases", async () => {
    const stranger = await generateKeyPairSigner();
    await devnetCall("latchkey_faucet", [stranger.address, "native", "100000000"]);
    const wire = await signedTransaction(rpc(), stranger, [
      getTransferSolInstruction({ source: stranger, destination: from, amount: 7_000n }),
    ]);
    const { signature } = await sendAndConfirm(rpc(), wire);
    const res = await history({ limit: "1" }, { caip2: "solana:devnet" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.transactions[0]).toMatchObject({
      signature,
      origin: "EXTERNAL",
      feePayer: stranger.address,
      transfers: [{ direction: "IN", amount: "7000", counterparty: stranger.address }],
    });
    sigs.latest = signature;
  });

  it("pages with opaque cursors both ways", async () => {
    const first = await history({ limit: "3" });
    expect(first.body.transactions.map((x) => x.signature)).toEqual([sigs.latest, sigs.usdcOut, sigs.solOut]);
    expect(first.body.pageInfo).toMatchObject({ hasNextPage: true, hasPreviousPage: false });
    const second = await history({ limit: "3", before: first.body.pageInfo.endCursor as string });
    expect(second.body.transactions.map((x) => x.signature)).toEqual([sigs.usdcIn, sigs.solIn]);
    expect(second.body.pageInfo).toMatchObject({ hasNextPage: false, hasPreviousPage: true });
    const back = await history({ limit: "2", after: second.body.pageInfo.startCursor as string });
    expect(back.body.transactions.map((x) => x.signature)).toEqual([sigs.usdcOut, sigs.solOut]);
    const bad = await history({ before: "not-a-cursor" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/not a cursor/);
  });

  it("refuses another organization's address (404), a private key's, a malformed one and an unknown cluster (400)", async () => {
    const other = await t.newOrganization("Other");
    const foreign = await history(undefined, { who: other });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/wallet account/);
    expect((await history(undefined, { address: payee })).status).toBe(404);
    const malformed = await history(undefined, { address: "0xabc" });
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/address/);
    const key = await t.call<{ activity: TActivity }>(
      "submit",
      "create_private_keys",
      t.activity("ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", org.organizationId, {
        privateKeys: [
          {
            privateKeyName: "sol key",
            curve: "CURVE_ED25519",
            privateKeyTags: [],
            addressFormats: ["ADDRESS_FORMAT_SOLANA"],
          },
        ],
      }),
      org.key,
    );
    const keyAddress = (
      key.body.activity.result as {
        createPrivateKeysResultV2: { privateKeys: { addresses: { address: string }[] }[] };
      }
    ).createPrivateKeysResultV2.privateKeys[0]!.addresses[0]!.address;
    const privateKey = await history(undefined, { address: keyAddress });
    expect(privateKey.status).toBe(400);
    expect(privateKey.body.message).toMatch(/private key addresses have no transaction history/);
    const unknown = await history(undefined, { caip2: "solana:testnet" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/caip2/);
  });
});
