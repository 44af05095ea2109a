import { parseEther, toHex } from "viem";
import type { TActivity } from "@/lib/api/activity";
import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import { runDueJobs } from "../../jobs/worker";
import type { TestApp, TestKey } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";

/** An organization with one funded Ethereum wallet account, and the calls a sending test makes. */
export interface SendScene {
  org: { organizationId: string; userId: string; key: TestKey };
  from: string;
  rpc<T = string>(method: string, params?: unknown[]): Promise<T>;
  send(
    parameters: Record<string, unknown>,
  ): Promise<{ status: number; body: { activity: TActivity; message: string } }>;
  /** Send and return its sendTransactionStatusId (the activity must be accepted). */
  sendId(parameters: Record<string, unknown>): Promise<string>;
  status(id: string): Promise<TSendTransactionStatus>;
  /** Work the queue as the server's worker does, moving the test clock `stepMs` after each round. */
  settle(id: string, options?: { stepMs?: number; rounds?: number }): Promise<TSendTransactionStatus>;
}

export async function sendScene(t: TestApp, chain = "eip155:1", ether = "10"): Promise<SendScene> {
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
  const from = (created.body.activity.result as { createWalletResult: { addresses: string[] } })
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
  const status = async (sendTransactionStatusId: string) =>
    (
      await t.call<TSendTransactionStatus>(
        "query",
        "get_send_transaction_status",
        { organizationId: org.organizationId, sendTransactionStatusId },
        org.key,
      )
    ).body;
  return {
    org,
    from,
    rpc,
    send,
    async sendId(parameters) {
      const res = await send(parameters);
      if (res.status !== 200) throw new Error(`eth_send_transaction: ${JSON.stringify(res.body)}`);
      return (res.body.activity.result as { ethSendTransactionResultV2: { sendTransactionStatusId: string } })
        .ethSendTransactionResultV2.sendTransactionStatusId;
    },
    status,
    async settle(id, { stepMs = 1_000, rounds = 20 } = {}) {
      for (let round = 0; round < rounds; round++) {
        await runDueJobs(t.app, SEND_JOB_HANDLERS);
        const now = await status(id);
        if (now.txStatus === "COMPLETED" || now.txStatus === "FAILED") return now;
        t.clock.advance(stepMs);
      }
      throw new Error(`the send did not settle: ${JSON.stringify(await status(id))}`);
    },
  };
}
