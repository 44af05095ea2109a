import { generateP256KeyPair } from "@turnkey/crypto";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { startTestApp, type TestApp } from "@/server/testing/harness";
import { accountParams, presetById } from "./chain-presets";
import { createExportTarget, type ExportTarget, openExportBundle } from "./export-bundle";

/** The dashboard's export helpers against the real server pipeline (in process, PGlite). */

let t: TestApp;
let org: Awaited<ReturnType<TestApp["newOrganization"]>>;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Exports");
});
afterAll(async () => t?.close());

async function result<R>(path: string, type: string, parameters: unknown, resultKey: string): Promise<R> {
  const res = await t.call<{ activity: TActivity }>(
    "submit",
    path,
    t.activity(type, org.organizationId, parameters),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.activity.result[resultKey] as R;
}

const open = (exportBundle: string, target: ExportTarget, contents: "mnemonic" | "hex", key?: string) =>
  openExportBundle({
    exportBundle,
    target,
    organizationId: org.organizationId,
    serverSigningKey: key ?? t.app.serverKey.publicKeyHex,
    contents,
  });

describe("export bundles opened in the browser", () => {
  it("a wallet's bundle opens to the mnemonic behind its first Ethereum address", async () => {
    const { walletId, addresses } = await result<{ walletId: string; addresses: string[] }>(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName: "Cold", accounts: [accountParams(presetById("ethereum")!, 0)] },
      "createWalletResult",
    );
    const target = await createExportTarget();
    expect(target.publicKey).toMatch(/^04[0-9a-f]{128}$/);
    const { exportBundle } = await result<{ exportBundle: string }>(
      "export_wallet",
      "ACTIVITY_TYPE_EXPORT_WALLET",
      { walletId, targetPublicKey: target.publicKey },
      "exportWalletResult",
    );
    const mnemonic = await open(exportBundle, target, "mnemonic");
    expect(mnemonic.split(" ")).toHaveLength(12);
    expect(mnemonicToAccount(mnemonic).address).toBe(addresses[0]);

    // Only the key pair it was made for opens it, and only when the server key is the pinned one.
    await expect(open(exportBundle, await createExportTarget(), "mnemonic")).rejects.toThrow();
    await expect(
      open(exportBundle, target, "mnemonic", generateP256KeyPair().publicKeyUncompressed),
    ).rejects.toThrow(/expected signer key/);
  });

  it("a private key's bundle opens to the hex key behind its Ethereum address", async () => {
    const { privateKeys } = await result<{
      privateKeys: { privateKeyId: string; addresses: { address: string }[] }[];
    }>(
      "create_private_keys",
      "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2",
      {
        privateKeys: [
          {
            privateKeyName: "hot",
            curve: "CURVE_SECP256K1",
            privateKeyTags: [],
            addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
          },
        ],
      },
      "createPrivateKeysResultV2",
    );
    const target = await createExportTarget();
    const { exportBundle } = await result<{ exportBundle: string }>(
      "export_private_key",
      "ACTIVITY_TYPE_EXPORT_PRIVATE_KEY",
      { privateKeyId: privateKeys[0]!.privateKeyId, targetPublicKey: target.publicKey },
      "exportPrivateKeyResult",
    );
    const hex = await open(exportBundle, target, "hex");
    expect(hex).toMatch(/^[0-9a-f]{64}$/);
    expect(privateKeyToAccount(`0x${hex}`).address).toBe(privateKeys[0]!.addresses[0]!.address);
  });
});
