import { createPublicClient, parseEther, toHex } from "viem";
import { mainnet } from "viem/chains";
import type { TActivity } from "@/lib/api/activity";
import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import { routeTransport } from "../../chains/__tests__/rpc-scene";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";

/**
 * An organization with one funded Ethereum wallet account on a local devnet (eip155:1 unless told),
 * and the moves every send test makes: submit, read the status, work the job queue until it settles.
 */
export interface SendScene {
  t: TestApp;
  org: { organizationId: string; userId: string; key: TestKey };
  /** The wallet account's address (funded with `ether` at the start). */
  from: `0x${string}`;
  /** viem over /rpc/<chain>. */
  viem: ReturnType<typeof createPublicClient>;
  rpc<T = string>(method: string, params?: unknown[]): Promise<T>;
  submit(path: string, type: string, parameters: Record<string, unknown>): ReturnType<TestApp["call"]>;
  /** eth_send_transaction from the account on the scene's chain. */
  send(
    parameters: Record<string, unknown>,
  ): Promise<{ status: number; body: { activity: TActivity; message: string } }>;
  /** Send and return its sendTransactionStatusId (the activity must be accepted). */
  sendId(parameters: Record<string, unknown>): Promise<string>;
  status(sendTransactionStatusId: string): Promise<TSendTransactionStatus>;
  /** Work the queue as the server's worker does, moving the test clock `stepMs` after each round. */
  settle(
    sendTransactionStatusId: string,
    options?: { stepMs?: number; rounds?: number },
  ): Promise<TSendTransactionStatus>;
  close(): Promise<void>;
}

export const CHAIN = "eip155:1";

type Org = { organizationId: string; key: TestKey };

/** get_send_transaction_status as the organization asks it. */
export async function sendStatus(t: TestApp, org: Org, sendTransactionStatusId: string) {
  return (
    await t.call<TSendTransactionStatus>(
      "query",
      "get_send_transaction_status",
      { organizationId: org.organizationId, sendTransactionStatusId },
      org.key,
    )
  ).body;
}

/** Work the queue as the server's worker does, moving the test clock `stepMs` after each round. */
export async function settleSend(
  t: TestApp,
  org: Org,
  id: string,
  { stepMs = 1_000, rounds = 20 } = {},
): Promise<TSendTransactionStatus> {
  for (let round = 0; round < rounds; round++) {
    await runDueJobs(t.app, SEND_JOB_HANDLERS);
    const now = await sendStatus(t, org, id);
    if (now.txStatus === "COMPLETED" || now.txStatus === "FAILED") return now;
    t.clock.advance(stepMs);
  }
  throw new Error(`the send did not settle: ${JSON.stringify(await sendStatus(t, org, id))}`);
}

export async function sendScene(t: TestApp, chain = CHAIN, ether = "10"): Promise<SendScene> {
  const org = await t.newOrganization("Sender");
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
  const from = (created.body.activity.result as { createWalletResult: { addresses: `0x${string}`[] } })
    .createWalletResult.addresses[0]!;
  const rpc = async <T = string>(method: string, params: unknown[] = []) =>
    (await t.app.chains.rpc(chain)).call<T>(method, params);
  if (!t.app.config.rpcUrls[chain]) await rpc("anvil_setBalance", [from, toHex(parseEther(ether))]);
  const send = (parameters: Record<string, unknown>) =>
    t.call<{ activity: TActivity; message: string }>(
      "submit",
      "eth_send_transaction",
      t.activity("ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", org.organizationId, {
        from,
        caip2: chain,
        ...parameters,
      }),
      org.key,
    );
  const status = (sendTransactionStatusId: string) => sendStatus(t, org, sendTransactionStatusId);
  return {
    t,
    org,
    from,
    viem: createPublicClient({ chain: mainnet, transport: routeTransport(t, chain) }),
    rpc,
    submit: (path, type, parameters) =>
      t.call("submit", path, t.activity(type, org.organizationId, parameters), org.key),
    send,
    async sendId(parameters) {
      const res = await send(parameters);
      if (res.status !== 200) throw new Error(`eth_send_transaction: ${JSON.stringify(res.body)}`);
      return (res.body.activity.result as { ethSendTransactionResultV2: { sendTransactionStatusId: string } })
        .ethSendTransactionResultV2.sendTransactionStatusId;
    },
    status,
    settle: (id, options) => settleSend(t, org, id, options),
    close: () => t.close(),
  };
}

/** A fresh test app with its send scene on eip155:1. */
export async function startSendScene(): Promise<SendScene> {
  return sendScene(await startTestApp());
}
