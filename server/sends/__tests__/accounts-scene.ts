import { parseEther, toHex } from "viem";
import type { TActivity } from "@/lib/api/activity";
import type { TestApp, TestKey } from "../../testing/harness";
import { sendStatus, settleSend } from "./send-scene";

/**
 * For send tests that need many accounts across organizations (batches, sponsorship): new
 * Ethereum accounts of any organization, sends from any of them, their nonces and balances.
 * send-scene.ts is the one-organization, one-account version; both settle sends the same way.
 */

export type Org = { organizationId: string; userId: string; key: TestKey };

export function accountsScene(t: () => TestApp, caip2: string) {
  const rpc = async <T = string>(method: string, params: unknown[] = []) =>
    (await t().app.chains.rpc(caip2)).call<T>(method, params);

  const submit = (org: Org, path: string, type: string, parameters: Record<string, unknown>) =>
    t().call<{ activity: TActivity; message: string }>(
      "submit",
      path,
      t().activity(type, org.organizationId, parameters),
      org.key,
    );

  /** A new Ethereum account of `org`, holding `eth` (default nothing). */
  async function account(org: Org, eth = "0"): Promise<`0x${string}`> {
    const created = await submit(org, "create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: `W${Math.random().toString(36).slice(2)}`,
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    });
    const address = (created.body.activity.result as { createWalletResult: { addresses: string[] } })
      .createWalletResult.addresses[0] as `0x${string}`;
    if (eth !== "0") await rpc("anvil_setBalance", [address, toHex(parseEther(eth))]);
    return address;
  }

  const send = (org: Org, from: string, parameters: Record<string, unknown>) =>
    submit(org, "eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
      from,
      caip2,
      ...parameters,
    });

  const status = (org: Org, id: string) => sendStatus(t(), org, id);
  const settle = (org: Org, id: string) => settleSend(t(), org, id);

  const idOf = (activity: TActivity) =>
    (Object.values(activity.result as object)[0] as { sendTransactionStatusId: string })
      .sendTransactionStatusId;

  const balance = async (address: string) => BigInt(await rpc("eth_getBalance", [address, "latest"]));

  const nonces = async (org: Org, address: string) =>
    (
      await t().call<{ nonce?: string; gasStationNonce?: string }>(
        "query",
        "get_nonces",
        { organizationId: org.organizationId, address, caip2, nonce: true, gasStationNonce: true },
        org.key,
      )
    ).body;

  return { rpc, submit, account, send, status, settle, idOf, balance, nonces };
}
