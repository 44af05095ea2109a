import { decryptExportBundle, encryptWalletToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TWallet, TWalletAccount } from "@/lib/api/wallets";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { ETH, type Org, walletCalls } from "./wallet-calls";

/** Wallets end to end through the real pipeline: create, derive, read, export, import, delete. */

const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
const SOL = {
  curve: "CURVE_ED25519",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/44'/501'/0'/0'",
  addressFormat: "ADDRESS_FORMAT_SOLANA",
};
const BTC = {
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/84'/0'/0'/0/0",
  addressFormat: "ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH",
};

let t: TestApp;
let org: Org;
let other: Org;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Wallets");
  other = await t.newOrganization("Someone else");
});
afterAll(async () => t?.close());

const { submit, completed, query, createWallet } = walletCalls(
  () => t,
  () => org,
);

async function exportMnemonic(walletId: string): Promise<string> {
  const target = generateP256KeyPair();
  const { exportBundle } = await completed<{ exportBundle: string }>(
    "export_wallet",
    "ACTIVITY_TYPE_EXPORT_WALLET",
    { walletId, targetPublicKey: target.publicKeyUncompressed },
    "exportWalletResult",
  );
  return decryptExportBundle({
    exportBundle,
    embeddedKey: target.privateKey,
    organizationId: org.organizationId,
    returnMnemonic: true,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });
}

describe("wallets", () => {
  it("create_wallet derives Ethereum, Solana and Bitcoin accounts of a fresh 24-word mnemonic", async () => {
    const created = await createWallet("Treasury", [ETH(0), ETH(1), SOL, BTC], { mnemonicLength: 24 });
    expect(created.addresses).toHaveLength(4);
    expect(created.addresses[0]).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(created.addresses[2]).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(created.addresses[3]).toMatch(/^bc1q[02-9ac-hj-np-z]{38}$/);

    // The client's own check: export the mnemonic, derive with viem, get the same addresses.
    const mnemonic = await exportMnemonic(created.walletId);
    expect(mnemonic.split(" ")).toHaveLength(24);
    expect(created.addresses[0]).toBe(mnemonicToAccount(mnemonic, { addressIndex: 0 }).address);
    expect(created.addresses[1]).toBe(mnemonicToAccount(mnemonic, { addressIndex: 1 }).address);

    const { body } = await query<{ wallet: TWallet }>("get_wallet", { walletId: created.walletId });
    expect(body.wallet).toMatchObject({
      walletId: created.walletId,
      walletName: "Treasury",
      exported: true,
      imported: false,
    });
  });

  it("get_wallet_account by address and by path carries public key, wallet details and CAIP-2 prefix", async () => {
    const created = await createWallet("Ops", [ETH(0), SOL]);
    const byAddress = await query<{ account: TWalletAccount }>("get_wallet_account", {
      walletId: created.walletId,
      address: created.addresses[0],
    });
    expect(byAddress.status, JSON.stringify(byAddress.body)).toBe(200);
    expect(byAddress.body.account).toMatchObject({
      walletId: created.walletId,
      organizationId: org.organizationId,
      curve: "CURVE_SECP256K1",
      pathFormat: "PATH_FORMAT_BIP32",
      path: "m/44'/60'/0'/0/0",
      addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      address: created.addresses[0],
      caip2Prefix: "eip155",
      walletDetails: { walletId: created.walletId, walletName: "Ops", exported: false, imported: false },
    });
    expect(byAddress.body.account.publicKey).toMatch(/^0[23][0-9a-f]{64}$/);
    const byPath = await query<{ account: TWalletAccount }>("get_wallet_account", {
      walletId: created.walletId,
      path: "m/44'/501'/0'/0'",
    });
    expect(byPath.body.account.address).toBe(created.addresses[1]);
    expect(byPath.body.account.publicKey).toMatch(/^[0-9a-f]{64}$/);
    const neither = await query<object>("get_wallet_account", { walletId: created.walletId });
    expect(neither.status).toBe(400);
    expect(neither.body.message).toMatch(/address or path/);
  });

  it("create_wallet_accounts adds accounts; list_wallet_accounts pages through them", async () => {
    const created = await createWallet("Paged", [ETH(0)]);
    const more = await completed<{ addresses: string[] }>(
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      { walletId: created.walletId, accounts: [ETH(1), ETH(2), ETH(3), ETH(4)] },
      "createWalletAccountsResult",
    );
    expect(more.addresses).toHaveLength(4);
    const first = await query<{ accounts: TWalletAccount[] }>("list_wallet_accounts", {
      walletId: created.walletId,
      paginationOptions: { limit: "2" },
    });
    expect(first.body.accounts.map((a) => a.path)).toEqual(["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1"]);
    const next = await query<{ accounts: TWalletAccount[] }>("list_wallet_accounts", {
      walletId: created.walletId,
      paginationOptions: { limit: "10", after: first.body.accounts[1]!.walletAccountId },
    });
    expect(next.body.accounts.map((a) => a.address)).toEqual(more.addresses.slice(1));

    const again = await submit("create_wallet_accounts", "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
      walletId: created.walletId,
      accounts: [ETH(2)],
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toMatch(/already has an account/);
    // A new derivation beside a taken one: the taken one is named, and neither is added.
    const mixed = await submit("create_wallet_accounts", "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
      walletId: created.walletId,
      accounts: [ETH(5), ETH(3)],
    });
    expect(mixed.status).toBe(409);
    expect(mixed.body.message).toContain(`CURVE_SECP256K1 m/44'/60'/0'/0/3 ADDRESS_FORMAT_ETHEREUM`);
    const afterMixed = await query<{ accounts: TWalletAccount[] }>("list_wallet_accounts", {
      walletId: created.walletId,
    });
    expect(afterMixed.body.accounts.map((a) => a.path)).not.toContain("m/44'/60'/0'/0/5");
    // The same path in another address format is another account.
    const otherFormat = await completed<{ addresses: string[] }>(
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      { walletId: created.walletId, accounts: [{ ...ETH(3), addressFormat: "ADDRESS_FORMAT_COMPRESSED" }] },
      "createWalletAccountsResult",
    );
    expect(otherFormat.addresses[0]).toMatch(/^0[23][0-9a-f]{64}$/);

    const preview = await completed<{ addresses: string[] }>(
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      { walletId: created.walletId, accounts: [ETH(9)], persist: false },
      "createWalletAccountsResult",
    );
    const all = await query<{ accounts: TWalletAccount[] }>("list_wallet_accounts", {
      walletId: created.walletId,
    });
    expect(all.body.accounts.map((a) => a.address)).not.toContain(preview.addresses[0]);
  });

  it("refuses a format the curve cannot produce, a bad path and a repeated name, writing nothing", async () => {
    const before = await databaseDigest(t.app);
    const wrongCurve = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Bad",
      accounts: [{ ...SOL, curve: "CURVE_SECP256K1", path: "m/44'/501'/0'/0'" }],
    });
    expect(wrongCurve.status).toBe(400);
    expect(wrongCurve.body.message).toMatch(/ADDRESS_FORMAT_SOLANA/);
    const softened = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Bad",
      accounts: [{ ...SOL, path: "m/44'/501'/0'/0" }],
    });
    expect(softened.status).toBe(400);
    expect(softened.body.message).toMatch(/hardened/i);
    const garbage = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Bad",
      accounts: [{ ...ETH(0), path: "m/44'/sixty'/0" }],
    });
    expect(garbage.status).toBe(400);
    const twelveTwice = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Treasury",
      accounts: [],
    });
    expect(twelveTwice.status).toBe(409);
    expect(twelveTwice.body.message).toMatch(/Treasury/);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("another organization's wallets are not found, and its keys cannot sign for ours", async () => {
    const mine = await createWallet("Mine", [ETH(0)]);
    const read = await query<object>("get_wallet", { walletId: mine.walletId }, other);
    expect(read.status).toBe(404);
    // Nor can it add accounts to ours: a 404 naming the wallet, nothing written.
    const before = await databaseDigest(t.app);
    const grow = await submit(
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      { walletId: mine.walletId, accounts: [ETH(7)] },
      other,
    );
    expect(grow.status).toBe(404);
    expect(grow.body.message).toContain(mine.walletId);
    expect(await databaseDigest(t.app)).toEqual(before);
    const sign = await submit(
      "sign_raw_payload",
      "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      {
        signWith: mine.addresses[0],
        payload: `0x${"11".repeat(32)}`,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      },
      other,
    );
    expect(sign.status).toBe(404);
  });

  it("import_wallet: a mnemonic encrypted with @turnkey/crypto gives the addresses every wallet derives", async () => {
    const { importBundle } = await completed<{ importBundle: string }>(
      "init_import_wallet",
      "ACTIVITY_TYPE_INIT_IMPORT_WALLET",
      { userId: org.userId },
      "initImportWalletResult",
    );
    const encryptedBundle = await encryptWalletToBundle({
      mnemonic: HARDHAT_MNEMONIC,
      importBundle,
      userId: org.userId,
      organizationId: org.organizationId,
      dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
    });
    const imported = await completed<{ walletId: string; addresses: string[] }>(
      "import_wallet",
      "ACTIVITY_TYPE_IMPORT_WALLET",
      { userId: org.userId, walletName: "Imported", encryptedBundle, accounts: [ETH(0)] },
      "importWalletResult",
    );
    expect(imported.addresses).toEqual(["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]);
    const { body } = await query<{ wallet: TWallet }>("get_wallet", { walletId: imported.walletId });
    expect(body.wallet.imported).toBe(true);

    // The import target is consumed: the same bundle cannot be replayed into a second wallet.
    const replay = await submit("import_wallet", "ACTIVITY_TYPE_IMPORT_WALLET", {
      userId: org.userId,
      walletName: "Replay",
      encryptedBundle,
      accounts: [],
    });
    expect(replay.status).toBe(400);
    expect(replay.body.message).toMatch(/no import is in progress/);
  });

  it("delete_wallets refuses a wallet never exported unless told deleteWithoutExport", async () => {
    const created = await createWallet("Disposable", [ETH(0)]);
    const refused = await submit("delete_wallets", "ACTIVITY_TYPE_DELETE_WALLETS", {
      walletIds: [created.walletId],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/never been exported/);
    await completed(
      "delete_wallets",
      "ACTIVITY_TYPE_DELETE_WALLETS",
      { walletIds: [created.walletId], deleteWithoutExport: true },
      "deleteWalletsResult",
    );
    expect((await query<object>("get_wallet", { walletId: created.walletId })).status).toBe(404);
    const sign = await submit("sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: created.addresses[0],
      payload: "hello",
      encoding: "PAYLOAD_ENCODING_TEXT_UTF8",
      hashFunction: "HASH_FUNCTION_KECCAK256",
    });
    expect(sign.status).toBe(404);
  });

  it("update_wallet renames; list_wallets lists the organization's wallets only", async () => {
    const created = await createWallet("Old name", []);
    await completed(
      "update_wallet",
      "ACTIVITY_TYPE_UPDATE_WALLET",
      { walletId: created.walletId, walletName: "New name" },
      "updateWalletResult",
    );
    const mine = await query<{ wallets: TWallet[] }>("list_wallets", {});
    expect(mine.body.wallets.map((w) => w.walletName)).toContain("New name");
    expect(mine.body.wallets.map((w) => w.walletName)).not.toContain("Old name");
    const organization = await query<{ organizationData: { wallets: TWallet[] } }>("get_organization", {});
    expect(organization.body.organizationData.wallets.map((w) => w.walletId)).toContain(created.walletId);
    const theirs = await query<{ wallets: TWallet[] }>("list_wallets", {}, other);
    expect(theirs.body.wallets).toEqual([]);
  });
});
