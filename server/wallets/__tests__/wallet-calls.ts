import { expect } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TestApp, TestKey } from "../../testing/harness";

/** The wallet tests' organizations, their activities and the shapes they answer with. */

export type Org = { organizationId: string; userId: string; key: TestKey };
export type ActivityBody = { activity: TActivity };
export type ErrorBody = { message: string; details: { turnkeyErrorCode?: string }[] };

export const ETH = (index: number) => ({
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: `m/44'/60'/0'/0/${index}`,
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
});

/**
 * Submitting through the real pipeline as an organization (by default the file's own, read when
 * called: the test app and organization are made in beforeAll).
 */
export function walletCalls(app: () => TestApp, own: () => Org) {
  const submit = (path: string, type: string, parameters: unknown, as: Org = own()) =>
    app().call<ActivityBody & ErrorBody>(
      "submit",
      path,
      app().activity(type, as.organizationId, parameters),
      as.key,
    );
  /** The activity's result under `resultKey`, after checking it completed. */
  async function completed<R>(
    path: string,
    type: string,
    parameters: unknown,
    resultKey: string,
    as: Org = own(),
  ) {
    const res = await submit(path, type, parameters, as);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    return (res.body.activity.result as Record<string, unknown>)[resultKey] as R;
  }
  const query = <R>(path: string, body: Record<string, unknown>, as: Org = own()) =>
    app().call<R & ErrorBody>("query", path, { organizationId: as.organizationId, ...body }, as.key);
  const createWallet = (walletName: string, accounts: unknown[], extra: Record<string, unknown> = {}) =>
    completed<{ walletId: string; addresses: string[] }>(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName, accounts, ...extra },
      "createWalletResult",
    );
  return { submit, completed, query, createWallet };
}
