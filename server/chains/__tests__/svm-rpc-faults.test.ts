import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, generateKeyPairSigner } from "@solana/kit";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { runDueJobs } from "../../jobs/worker";
import { sendStatus, settleSend } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type SolanaRpc, unsignedTransferHex } from "../../testing/solana-kit";

/**
 * Solana nodes that misbehave, as tiny real HTTP servers configured through LATCHKEY_RPC_URLS (the
 * EVM side is rpc-faults.test.ts): a read is a 503 naming the cluster, a send stays PENDING saying
 * what it retries and then FAILS saying whether its signed bytes may still land — never a 500,
 * never a hang.
 */

type Misbehaviour = (req: http.IncomingMessage, res: http.ServerResponse) => void;
const MISBEHAVIOURS: [string, string, Misbehaviour][] = [
  [
    "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp",
    "answers HTML",
    (_q, r) => r.writeHead(200).end("<html>no</html>"),
  ],
  ["solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1", "never answers", () => {}],
];

const servers: http.Server[] = [];
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let from: Address;
let station: Address;

async function serve(handler: Misbehaviour): Promise<string> {
  const server = http.createServer((req, res) => req.resume().on("end", () => handler(req, res)));
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/rpc/secret-key`;
}

beforeAll(async () => {
  const urls: string[] = [];
  for (const [caip2, , handler] of MISBEHAVIOURS) urls.push(`${caip2}=${await serve(handler)}`);
  t = await startTestApp({ env: { LATCHKEY_RPC_URLS: urls.join(","), LATCHKEY_RPC_TIMEOUT_MS: "300" } });
  org = await t.newOrganization("Solana faults");
  const created = await t.call<{ activity: TActivity }>(
    "submit",
    "create_wallet",
    t.activity("ACTIVITY_TYPE_CREATE_WALLET", org.organizationId, {
      walletName: "Hot",
      accounts: ["m/44'/501'/0'/0'", "m/44'/501'/1'/0'"].map((path) => ({
        curve: "CURVE_ED25519",
        pathFormat: "PATH_FORMAT_BIP32",
        path,
        addressFormat: "ADDRESS_FORMAT_SOLANA",
      })),
    }),
    org.key,
  );
  [from, station] = (created.body.activity.result as { createWalletResult: { addresses: Address[] } })
    .createWalletResult.addresses as [Address, Address];
  const configured = await t.call(
    "submit",
    "upsert_gas_usage_config",
    t.activity("ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", org.organizationId, {
      enabled: true,
      orgWindowLimitUsd: "10",
      solanaGasStationAddress: station,
    }),
    org.key,
  );
  expect(configured.status, JSON.stringify(configured.body)).toBe(200);
});
afterAll(async () => {
  await t?.close();
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
});

/** A message with a blockhash of its own: building it asks no node. */
const LIFETIME = { blockhash: "11111111111111111111111111111111", lastValidBlockHeight: 0n };
const NO_RPC = undefined as unknown as SolanaRpc;

async function sendId(caip2: string, unsignedTransaction: string, extra: Record<string, unknown> = {}) {
  const res = await t.call<{ activity: TActivity }>(
    "submit",
    "sol_send_transaction",
    t.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", org.organizationId, {
      signWiths: [from],
      caip2,
      unsignedTransaction,
      ...extra,
    }),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.activity.result as { solSendTransactionResultV2: { sendTransactionStatusId: string } })
    .solSendTransactionResultV2.sendTransactionStatusId;
}

describe.each(MISBEHAVIOURS)("a Solana node at %s that %s", (caip2) => {
  it("makes get_wallet_address_balances answer 503 naming the cluster, not the URL's secret", async () => {
    const res = await t.call<{ message: string }>(
      "query",
      "get_wallet_address_balances",
      { organizationId: org.organizationId, address: from, caip2 },
      org.key,
    );
    expect(res.status, JSON.stringify(res.body)).toBe(503);
    expect(res.body.message).toContain(`${caip2} cannot be reached`);
    expect(res.body.message).not.toContain("secret-key");
  });

  it("keeps a signed sol_send_transaction PENDING with the error it retries, never FAILED while it may land", async () => {
    // The message carries its own blockhash, so nothing is asked of the node before signing.
    const to = (await generateKeyPairSigner()).address;
    const id = await sendId(caip2, await unsignedTransferHex(NO_RPC, from, to, 1n, { blockhash: LIFETIME }));
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const retrying = await sendStatus(t, org, id);
    expect(retrying.txStatus).toBe("PENDING");
    expect(retrying.txError).toMatch(/^retrying: sendTransaction to http:\/\/127\.0\.0\.1:\d+: /);
    expect(retrying.txError).not.toContain("secret-key");
    expect(retrying.solana?.signature).toBeTruthy();
    // An hour of retries later it is still PENDING: the signed bytes could still reach the cluster.
    for (let round = 0; round < 12; round++) {
      t.clock.advance(300_000);
      await runDueJobs(t.app, SEND_JOB_HANDLERS);
    }
    const later = await sendStatus(t, org, id);
    expect(later.txStatus).toBe("PENDING");
    expect(later.txError).toMatch(/^retrying: sendTransaction/);
  });

  it("fails a sponsored send that needs a fresh blockhash after its attempts, saying nothing was broadcast", async () => {
    const to = (await generateKeyPairSigner()).address;
    const unsigned = await unsignedTransferHex(NO_RPC, from, to, 1n, {
      feePayer: station,
      blockhash: LIFETIME,
    });
    const id = await sendId(caip2, unsigned, { sponsor: true });
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const retrying = await sendStatus(t, org, id);
    expect(retrying.txStatus).toBe("PENDING");
    expect(retrying.txError).toMatch(/^retrying: getLatestBlockhash to http:\/\/127\.0\.0\.1:\d+: /);
    // Backoff doubles up to minutes: move the clock past each wait.
    const failed = await settleSend(t, org, id, { stepMs: 300_000, rounds: 12 });
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/^gave up after 10 attempts: .*; nothing was broadcast$/);
  });
});
