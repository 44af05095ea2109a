import { randomBytes } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { base58, base64 } from "@scure/base";
import { mnemonicToSeedSync } from "@scure/bip39";
import { decryptExportBundle, generateP256KeyPair } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { keccak256, recoverAddress, toHex } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { sealedSecrets } from "../../db/schema";
import { deriveKeyPair } from "../../signer/hd/derive";
import { createKeyring, withKey } from "../../signer/keyring";
import { rotateMasterKey } from "../../signer/rotate";
import { masterKeyId } from "../../signer/seal";
import { ETHEREUM_ACCOUNT, SOLANA_ACCOUNT } from "../../testing/accounts";
import { databaseDump } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/** What a stolen database holds: ciphertext only. And what a master key rotation keeps: everything. */

type Org = { organizationId: string; userId: string; key: TestKey };
type ActivityBody = { activity: TActivity };

let t: TestApp;
let org: Org;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("At rest");
});
afterAll(async () => t?.close());

async function completed<R>(path: string, type: string, parameters: unknown, resultKey: string) {
  const res = await t.call<ActivityBody>(
    "submit",
    path,
    t.activity(type, org.organizationId, parameters),
    org.key,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.activity.result as Record<string, unknown>)[resultKey] as R;
}

async function exported(
  path: string,
  type: string,
  params: Record<string, unknown>,
  resultKey: string,
  mnemonic: boolean,
) {
  const target = generateP256KeyPair();
  const { exportBundle } = await completed<{ exportBundle: string }>(
    path,
    type,
    { ...params, targetPublicKey: target.publicKeyUncompressed },
    resultKey,
  );
  return decryptExportBundle({
    exportBundle,
    embeddedKey: target.privateKey,
    organizationId: org.organizationId,
    returnMnemonic: mnemonic,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });
}

/** Every way a secret could be spelled in a dump. */
function spellings(secret: Uint8Array, text?: string): string[] {
  const hex = Buffer.from(secret).toString("hex");
  const out = [
    hex,
    hex.toUpperCase(),
    base64.encode(secret),
    Buffer.from(secret).toString("base64url"),
    base58.encode(secret),
  ];
  if (text)
    out.push(
      text,
      text.split(" ").slice(0, 4).join(" "),
      Buffer.from(text).toString("base64"),
      Buffer.from(text).toString("hex"),
    );
  return out.map((s) => s.replace(/=+$/, ""));
}

describe("key material at rest", () => {
  let walletId: string;
  let address: `0x${string}`;

  it("a full dump of every table holds no mnemonic, seed or private key in any encoding", async () => {
    const wallet = await completed<{ walletId: string; addresses: string[] }>(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName: "Cold", accounts: [ETHEREUM_ACCOUNT, SOLANA_ACCOUNT] },
      "createWalletResult",
    );
    walletId = wallet.walletId;
    address = wallet.addresses[0] as `0x${string}`;
    const key = await completed<{ privateKeys: { privateKeyId: string }[] }>(
      "create_private_keys",
      "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2",
      {
        privateKeys: [
          { privateKeyName: "Hot", curve: "CURVE_SECP256K1", privateKeyTags: [], addressFormats: [] },
        ],
      },
      "createPrivateKeysResultV2",
    );
    const mnemonic = await exported(
      "export_wallet",
      "ACTIVITY_TYPE_EXPORT_WALLET",
      { walletId },
      "exportWalletResult",
      true,
    );
    const privateKeyHex = await exported(
      "export_private_key",
      "ACTIVITY_TYPE_EXPORT_PRIVATE_KEY",
      { privateKeyId: key.privateKeys[0]!.privateKeyId },
      "exportPrivateKeyResult",
      false,
    );
    const account = mnemonicToAccount(mnemonic);
    const accountKey = account.getHdKey().privateKey!;
    const solanaKey = deriveKeyPair(
      mnemonicToSeedSync(mnemonic),
      "CURVE_ED25519",
      SOLANA_ACCOUNT.path,
    ).privateKey;
    expect(account.address).toBe(address);
    // Each account's derived key is sealed at rest too (so signing need not re-derive it).
    const accountRows = await t.app.db
      .select()
      .from(sealedSecrets)
      .where(eq(sealedSecrets.kind, "WALLET_ACCOUNT_KEY"));
    expect(accountRows).toHaveLength(2);
    expect(secp256k1.getPublicKey(Buffer.from(privateKeyHex, "hex"))).toHaveLength(33);

    const dump = await databaseDump(t.app);
    expect(dump).toContain(address); // the dump is real: public data is in it
    const secrets = [
      ...spellings(Buffer.from(mnemonic), mnemonic),
      ...spellings(mnemonicToSeedSync(mnemonic)),
      ...spellings(accountKey),
      ...spellings(solanaKey),
      ...spellings(Buffer.from(privateKeyHex, "hex")),
      ...spellings(t.app.masterKey),
    ];
    for (const secret of secrets)
      expect(dump.includes(secret), `dump contains ${secret.slice(0, 6)}…`).toBe(false);
  });

  it("a ciphertext moved to another row does not decrypt", async () => {
    const rows = await t.app.db.select().from(sealedSecrets).where(eq(sealedSecrets.kind, "PRIVATE_KEY"));
    const [victim] = rows;
    const wallet = (await t.app.db.select().from(sealedSecrets).where(eq(sealedSecrets.id, walletId)))[0]!;
    // Put the wallet's sealed mnemonic under the private key's row: signing with the key must fail.
    await t.app.db
      .update(sealedSecrets)
      .set({ ciphertext: wallet.ciphertext, wrappedDataKey: wallet.wrappedDataKey })
      .where(eq(sealedSecrets.id, victim!.id));
    const res = await t.call<{ message: string }>(
      "submit",
      "sign_raw_payload",
      t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", org.organizationId, {
        signWith: victim!.id,
        payload: keccak256(toHex("x")),
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      }),
      org.key,
    );
    expect(res.status).toBe(500);
    await t.app.db.update(sealedSecrets).set(victim!).where(eq(sealedSecrets.id, victim!.id));
  });

  it("rotating the master key rewraps every data key; signing and the server key carry on", async () => {
    const oldKey = t.app.masterKey;
    const newKey = randomBytes(32);
    const serverKeyBefore = t.app.serverKey.publicKeyHex;
    const report = await rotateMasterKey(t.app.db, withKey(t.app.keyring, newKey), newKey);
    // The wallet, its two accounts' keys, the private key, the server signing key.
    expect(report.rewrapped).toBeGreaterThanOrEqual(5);
    const ids = await t.app.db.select({ id: sealedSecrets.masterKeyId }).from(sealedSecrets);
    expect(new Set(ids.map((r) => r.id))).toEqual(new Set([masterKeyId(newKey)]));

    // An instance given only the new key signs with the same account…
    t.app.keyring = createKeyring(newKey);
    const digest = keccak256(toHex("after rotation"));
    const sig = await completed<{ r: string; s: string; v: string }>(
      "sign_raw_payload",
      "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      {
        signWith: address,
        payload: digest,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      },
      "signRawPayloadResult",
    );
    expect(
      await recoverAddress({
        hash: digest,
        signature: { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number.parseInt(sig.v, 16) },
      }),
    ).toBe(address);
    const { loadServerSigningKey } = await import("../../signer/server-key-store");
    expect((await loadServerSigningKey(t.app.db, t.app.keyring, new Date())).publicKeyHex).toBe(
      serverKeyBefore,
    );

    // …and one left with only the old key cannot unwrap anything any more.
    t.app.keyring = createKeyring(oldKey);
    const stale = await t.call<{ message: string }>(
      "submit",
      "sign_raw_payload",
      t.activity("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", org.organizationId, {
        signWith: address,
        payload: digest,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NO_OP",
      }),
      org.key,
    );
    expect(stale.status).toBe(500);
    t.app.keyring = createKeyring(newKey, [oldKey]);
  });

  it("a rotation missing a key that wraps some row changes nothing", async () => {
    const stranger = randomBytes(32);
    const before = await t.app.db.select().from(sealedSecrets);
    await expect(rotateMasterKey(t.app.db, createKeyring(stranger), stranger)).rejects.toThrow(
      /were not given/,
    );
    expect(await t.app.db.select().from(sealedSecrets)).toEqual(before);
  });
});
