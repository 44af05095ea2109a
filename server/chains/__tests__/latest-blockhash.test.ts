import { type Address, generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { SOLANA_DEVNET } from "@/lib/api/chains";
import { settleSend } from "../../sends/__tests__/send-scene";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { lamportsOf, unsignedTransferHex } from "../../testing/solana-kit";
import { routeSolanaRpc } from "./rpc-scene";

/** get_latest_blockhash (Latchkey's): a blockhash a browser can build an unsponsored Solana send with. */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: Address;

const ask = <T = Record<string, unknown>>(body: Record<string, unknown>) =>
  t.call<T & { message: string }>(
    "query",
    "get_latest_blockhash",
    { organizationId: org.organizationId, ...body },
    org.key,
  );

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Blockhash");
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Solana",
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
  await (await t.app.chains.rpc(SOLANA_DEVNET)).call("latchkey_faucet", [from, "native", "1000000000"]);
});
afterAll(async () => t?.close());

describe("get_latest_blockhash", () => {
  it("answers the cluster's current blockhash under any caip2 spelling, and a send built on it lands", async () => {
    const res = await ask<{ blockhash: string; lastValidBlockHeight: string }>({ caip2: "solana:devnet" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.lastValidBlockHeight).toMatch(/^\d+$/);
    const rpc = routeSolanaRpc(t, SOLANA_DEVNET);
    expect((await rpc.isBlockhashValid(res.body.blockhash as never).send()).value).toBe(true);

    // Unsponsored, recentBlockhash omitted: the message's own blockhash is the one used (rule 3's converse).
    const to = (await generateKeyPairSigner()).address;
    const unsignedTransaction = await unsignedTransferHex(rpc, from, to, 1_000_000n, {
      blockhash: {
        blockhash: res.body.blockhash,
        lastValidBlockHeight: BigInt(res.body.lastValidBlockHeight),
      },
    });
    const sent = await t.call<{ activity: TActivity }>(
      "submit",
      "sol_send_transaction",
      t.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", org.organizationId, {
        unsignedTransaction,
        signWiths: [from],
        caip2: SOLANA_DEVNET,
      }),
      org.key,
    );
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const { sendTransactionStatusId } = (
      sent.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } }
    ).solSendTransactionResultV2;
    expect((await settleSend(t, org, sendTransactionStatusId)).txStatus).toBe("COMPLETED");
    expect(await lamportsOf(rpc, to)).toBe(1_000_000n);
  });

  it("refuses an EVM chain or an unknown one, naming caip2", async () => {
    for (const caip2 of ["eip155:1", "solana:testnet"]) {
      const res = await ask({ caip2 });
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/caip2/);
    }
  });

  it("is a 503 naming the cluster when its configured node cannot be reached", async () => {
    const configured = await startTestApp({
      env: { LATCHKEY_RPC_URLS: `${SOLANA_DEVNET}=http://127.0.0.1:9/rpc` },
    });
    try {
      const who = await configured.newOrganization("Unreachable");
      const res = await configured.call<{ message: string }>(
        "query",
        "get_latest_blockhash",
        { organizationId: who.organizationId, caip2: "solana:devnet" },
        who.key,
      );
      expect(res.status).toBe(503);
      expect(res.body.message).toContain(`${SOLANA_DEVNET} cannot be reached`);
    } finally {
      await configured.close();
    }
  });
});
