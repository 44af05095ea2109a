import { decryptExportBundle, generateP256KeyPair } from "@turnkey/crypto";
import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  completed,
  ETH_ACCOUNT,
  type Org,
  SOL_ACCOUNT,
  sign,
} from "../../backup/__tests__/installation-scene";
import { sealedSecrets, walletAccounts } from "../../db/schema";
import { findSignerSource } from "../../sign-with/signer-source";
import { startTestApp, type TestApp } from "../../testing/harness";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";
import { signRawPayload } from "../signing/raw-payload";

/**
 * Each wallet account's derived private key is sealed at rest under the account's id, so a
 * signature is one unseal and one sign. The signatures stay those of the wallet's mnemonic derived
 * at the account's path, for accounts made with a sealed key and for accounts made before (their key
 * is derived and sealed at first use); a key cannot be moved to another account; deleting accounts
 * or wallets shreds their keys.
 */

let t: TestApp;
let org: Org;
const PAYLOAD = `0x${"5a".repeat(32)}`;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Sealed accounts");
});
afterAll(async () => t?.close());

async function newWallet(name: string, accounts: unknown[]) {
  return completed<{ walletId: string; addresses: string[] }>(
    t,
    org,
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    { walletName: name, accounts },
    "createWalletResult",
  );
}

async function accountKeyRows(walletId: string) {
  const ids = (
    await t.app.db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(eq(walletAccounts.walletId, walletId))
  ).map((a) => a.id);
  if (ids.length === 0) return [];
  return t.app.db
    .select()
    .from(sealedSecrets)
    .where(and(inArray(sealedSecrets.id, ids), eq(sealedSecrets.kind, "WALLET_ACCOUNT_KEY")));
}

async function exportMnemonic(walletId: string): Promise<string> {
  const target = generateP256KeyPair();
  const { exportBundle } = await completed<{ exportBundle: string }>(
    t,
    org,
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

/** What the signer did before keys were sealed per account: seed, derive, sign. */
function signedByDerivation(mnemonic: string, account: typeof ETH_ACCOUNT) {
  const pair = deriveKeyPair(mnemonicToSeed(mnemonic), account.curve as "CURVE_SECP256K1", account.path);
  const ed = account.curve === "CURVE_ED25519";
  return signRawPayload(
    pair,
    PAYLOAD,
    "PAYLOAD_ENCODING_HEXADECIMAL",
    ed ? "HASH_FUNCTION_NOT_APPLICABLE" : "HASH_FUNCTION_NO_OP",
  );
}

describe("sealed wallet account keys", () => {
  it("sign as the mnemonic derived at the path does, stored at creation or filled at first use", async () => {
    const wallet = await newWallet("Both curves", [ETH_ACCOUNT, SOL_ACCOUNT]);
    const [eth, sol] = wallet.addresses as [string, string];
    const sealedAtCreation = await accountKeyRows(wallet.walletId);
    expect(sealedAtCreation).toHaveLength(2);

    const mnemonic = await exportMnemonic(wallet.walletId);
    expect(mnemonic.split(" ")).toHaveLength(12); // export still gives the mnemonic
    const expected = {
      eth: signedByDerivation(mnemonic, ETH_ACCOUNT),
      sol: signedByDerivation(mnemonic, SOL_ACCOUNT),
    };
    expect(await sign(t, org, eth, PAYLOAD, false)).toEqual(expected.eth);
    expect(await sign(t, org, sol, PAYLOAD, true)).toEqual(expected.sol);
    // The signer is handed the account's own sealed key, and the mnemonic only when there is none.
    const sealedRead = async (address: string) => {
      const source = await findSignerSource(t.app.db, org.organizationId, address);
      return source?.kind === "WALLET_ACCOUNT" ? source.sealed.map((row) => row.kind) : undefined;
    };
    expect(await sealedRead(eth)).toEqual(["WALLET_ACCOUNT_KEY"]);

    // Accounts made before keys were sealed per account: no row. The first signature derives the
    // key from the mnemonic and seals it; later ones unseal it. The signatures do not change.
    await t.app.db.delete(sealedSecrets).where(
      inArray(
        sealedSecrets.id,
        sealedAtCreation.map((r) => r.id),
      ),
    );
    expect(await accountKeyRows(wallet.walletId)).toHaveLength(0);
    expect(await sealedRead(eth)).toEqual(["WALLET_MNEMONIC"]);
    expect(await sign(t, org, eth, PAYLOAD, false)).toEqual(expected.eth);
    expect(await sign(t, org, sol, PAYLOAD, true)).toEqual(expected.sol);
    const filled = await accountKeyRows(wallet.walletId);
    expect(filled.map((r) => r.id).sort()).toEqual(sealedAtCreation.map((r) => r.id).sort());
    expect(filled.every((r) => r.organizationId === org.organizationId)).toBe(true);
    expect(await sign(t, org, eth, PAYLOAD, false)).toEqual(expected.eth);
    expect(await sign(t, org, sol, PAYLOAD, true)).toEqual(expected.sol);
  });

  it("a sealed account key moved to another account does not decrypt", async () => {
    const second = { ...ETH_ACCOUNT, path: "m/44'/60'/0'/0/1" };
    const wallet = await newWallet("Two accounts", [ETH_ACCOUNT, second]);
    const accounts = await t.app.db
      .select({ id: walletAccounts.id, path: walletAccounts.path })
      .from(walletAccounts)
      .where(eq(walletAccounts.walletId, wallet.walletId));
    const first = accounts.find((a) => a.path === ETH_ACCOUNT.path)!;
    const other = accounts.find((a) => a.path === second.path)!;
    const rows = await accountKeyRows(wallet.walletId);
    const victim = rows.find((r) => r.id === first.id)!;
    const moved = rows.find((r) => r.id === other.id)!;
    await t.app.db
      .update(sealedSecrets)
      .set({ ciphertext: moved.ciphertext, wrappedDataKey: moved.wrappedDataKey })
      .where(eq(sealedSecrets.id, victim.id));
    const res = await t.call(
      "submit",
      "sign_raw_payload",
      t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", org.organizationId, {
        signWith: wallet.addresses[0],
        payload: PAYLOAD,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      }),
      org.key,
    );
    expect(res.status).toBe(500);
    await t.app.db.update(sealedSecrets).set(victim).where(eq(sealedSecrets.id, victim.id));
    await sign(t, org, wallet.addresses[0]!, PAYLOAD, false);
  });

  it("new accounts are sealed; deleting accounts or wallets shreds their keys", async () => {
    const wallet = await newWallet("Shredded", [ETH_ACCOUNT]);
    await completed(
      t,
      org,
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      { walletId: wallet.walletId, accounts: [SOL_ACCOUNT] },
      "createWalletAccountsResult",
    );
    const rows = await accountKeyRows(wallet.walletId);
    expect(rows).toHaveLength(2);
    const [solAccount] = await t.app.db
      .select({ id: walletAccounts.id })
      .from(walletAccounts)
      .where(and(eq(walletAccounts.walletId, wallet.walletId), eq(walletAccounts.curve, "CURVE_ED25519")));
    await completed(
      t,
      org,
      "delete_wallet_accounts",
      "ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS",
      { walletAccountIds: [solAccount!.id], deleteWithoutExport: true },
      "deleteWalletAccountsResult",
    );
    const left = await t.app.db
      .select({ id: sealedSecrets.id })
      .from(sealedSecrets)
      .where(
        inArray(
          sealedSecrets.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.id)).toEqual(rows.filter((r) => r.id !== solAccount!.id).map((r) => r.id));
    await completed(
      t,
      org,
      "delete_wallets",
      "ACTIVITY_TYPE_DELETE_WALLETS",
      { walletIds: [wallet.walletId], deleteWithoutExport: true },
      "deleteWalletsResult",
    );
    const gone = await t.app.db
      .select({ id: sealedSecrets.id })
      .from(sealedSecrets)
      .where(inArray(sealedSecrets.id, [wallet.walletId, ...rows.map((r) => r.id)]));
    expect(gone).toEqual([]);
  });
});
