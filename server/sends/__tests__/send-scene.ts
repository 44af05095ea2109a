import { createPublicClient, parseEther, toHex } from "viem";
import { mainnet } from "viem/chains";
import type { TActivity } from "@/lib/api/activity";
import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import { routeTransport } from "../../chains/__tests__/rpc-scene";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { SEND_JOB_HANDLERS } from "../jobs";

/**
 * An organization with one funded Ethereum wallet account on the local eip155:1 devnet, and the
 * moves every send test makes: submit, read the status, work the job queue until the send settles.
 */
export interface SendScene {
  t: TestApp;
  org: { organizationId: string; userId: string; key: TestKey };
  /** The wallet account's address (holds 10 ETH at the start). */
  from: `0x${string}`;
  /** viem over /rpc/eip155:1. */
  viem: ReturnType<typeof createPublicClient>;
  submit(path: string, type: string, parameters: Record<string, unknown>): ReturnType<TestApp["call"]>;
  status(sendTransactionStatusId: string): Promise<TSendTransactionStatus>;
  settle(sendTransactionStatusId: string): Promise<TSendTransactionStatus>;
  close(): Promise<void>;
}

export const CHAIN = "eip155:1";

export async function startSendScene(): Promise<SendScene> {
  const t = await startTestApp();
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
  await (await t.app.chains.rpc(CHAIN)).call("anvil_setBalance", [from, toHex(parseEther("10"))]);

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
    t,
    org,
    from,
    viem: createPublicClient({ chain: mainnet, transport: routeTransport(t, CHAIN) }),
    submit: (path, type, parameters) =>
      t.call("submit", path, t.activity(type, org.organizationId, parameters), org.key),
    status,
    /** Work the queue as the server's worker does, moving the test clock past each poll's wait. */
    async settle(id) {
      for (let round = 0; round < 20; round++) {
        await runDueJobs(t.app, SEND_JOB_HANDLERS);
        const now = await status(id);
        if (now.txStatus === "COMPLETED" || now.txStatus === "FAILED") return now;
        t.clock.advance(1_000);
      }
      throw new Error("the send did not settle");
    },
    close: () => t.close(),
  };
}
