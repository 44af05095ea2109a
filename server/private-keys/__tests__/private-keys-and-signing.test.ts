import { ed25519 } from "@noble/curves/ed25519.js";
import { decryptExportBundle, encryptPrivateKeyToBundle, generateP256KeyPair } from "@turnkey/crypto";
import {
  keccak256,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  serializeTransaction,
  toHex,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TPrivateKey } from "@/lib/api/private-keys";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/** Private keys and signing through the real pipeline, checked with viem and noble. */

type Org = { organizationId: string; userId: string; key: TestKey };
type ActivityBody = { activity: TActivity };
type ErrorBody = { message: string };
type Sig = { r: string; s: string; v: string };

let t: TestApp;
let org: Org;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Keys");
});
afterAll(async () => t?.close());

async function submit(path: string, type: string, parameters: unknown) {
  return t.call<ActivityBody & ErrorBody>(
    "submit",
    path,
    t.activity(type, org.organizationId, parameters),
    org.key,
  );
}
async function completed<R>(path: string, type: string, parameters: unknown, resultKey: string) {
  const res = await submit(path, type, parameters);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return (res.body.activity.result as Record<string, unknown>)[resultKey] as R;
}
const signRaw = (signWith: string, payload: string, encoding: string, hashFunction: string) =>
  completed<Sig>(
    "sign_raw_payload",
    "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
    { signWith, payload, encoding, hashFunction },
    "signRawPayloadResult",
  );
const createKey = async (privateKeyName: string, curve: string, addressFormats: string[]) =>
  (
    await completed<{
      privateKeys: { privateKeyId: string; addresses: { format: string; address: string }[] }[];
    }>(
      "create_private_keys",
      "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2",
      { privateKeys: [{ privateKeyName, curve, privateKeyTags: [], addressFormats }] },
      "createPrivateKeysResultV2",
    )
  ).privateKeys[0]!;

async function exportKeyHex(privateKeyId: string): Promise<string> {
  const target = generateP256KeyPair();
  const { exportBundle } = await completed<{ exportBundle: string }>(
    "export_private_key",
    "ACTIVITY_TYPE_EXPORT_PRIVATE_KEY",
    { privateKeyId, targetPublicKey: target.publicKeyUncompressed },
    "exportPrivateKeyResult",
  );
  return decryptExportBundle({
    exportBundle,
    embeddedKey: target.privateKey,
    organizationId: org.organizationId,
    returnMnemonic: false,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });
}

describe("private keys", () => {
  it("create_private_keys: an Ethereum key whose export opens to the key behind its address", async () => {
    const created = await createKey("Hot key", "CURVE_SECP256K1", [
      "ADDRESS_FORMAT_ETHEREUM",
      "ADDRESS_FORMAT_COMPRESSED",
    ]);
    const eth = created.addresses.find((a) => a.format === "ADDRESS_FORMAT_ETHEREUM")!.address;
    const got = await t.call<{ privateKey: TPrivateKey }>(
      "query",
      "get_private_key",
      { organizationId: org.organizationId, privateKeyId: created.privateKeyId },
      org.key,
    );
    expect(got.body.privateKey).toMatchObject({
      privateKeyId: created.privateKeyId,
      privateKeyName: "Hot key",
      curve: "CURVE_SECP256K1",
      exported: false,
      imported: false,
      privateKeyTags: [],
    });
    expect(got.body.privateKey.addresses).toHaveLength(2);
    const exported = await exportKeyHex(created.privateKeyId);
    expect(privateKeyToAccount(`0x${exported}`).address).toBe(eth);
  });

  it("import_private_key: a key encrypted with @turnkey/crypto signs as itself", async () => {
    const known = "0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d";
    const { importBundle } = await completed<{ importBundle: string }>(
      "init_import_private_key",
      "ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY",
      { userId: org.userId },
      "initImportPrivateKeyResult",
    );
    const encryptedBundle = await encryptPrivateKeyToBundle({
      privateKey: known,
      keyFormat: "HEXADECIMAL",
      importBundle,
      userId: org.userId,
      organizationId: org.organizationId,
      dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
    });
    const imported = await completed<{ privateKeyId: string; addresses: { address: string }[] }>(
      "import_private_key",
      "ACTIVITY_TYPE_IMPORT_PRIVATE_KEY",
      {
        userId: org.userId,
        privateKeyName: "Imported",
        encryptedBundle,
        curve: "CURVE_SECP256K1",
        addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
      },
      "importPrivateKeyResult",
    );
    expect(imported.addresses[0]!.address).toBe(privateKeyToAccount(known).address);
  });

  it("delete_private_keys refuses a key never exported unless told deleteWithoutExport", async () => {
    const created = await createKey("Temp", "CURVE_ED25519", ["ADDRESS_FORMAT_SOLANA"]);
    const refused = await submit("delete_private_keys", "ACTIVITY_TYPE_DELETE_PRIVATE_KEYS", {
      privateKeyIds: [created.privateKeyId],
    });
    expect(refused.status).toBe(400);
    await completed(
      "delete_private_keys",
      "ACTIVITY_TYPE_DELETE_PRIVATE_KEYS",
      { privateKeyIds: [created.privateKeyId], deleteWithoutExport: true },
      "deletePrivateKeysResult",
    );
    const list = await t.call<{ privateKeys: TPrivateKey[] }>(
      "query",
      "list_private_keys",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(list.body.privateKeys.map((k) => k.privateKeyId)).not.toContain(created.privateKeyId);
  });

  it("a format the curve cannot produce is a 400 and creates nothing", async () => {
    const before = await databaseDigest(t.app);
    const res = await submit("create_private_keys", "ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2", {
      privateKeys: [
        {
          privateKeyName: "Bad",
          curve: "CURVE_ED25519",
          privateKeyTags: [],
          addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
        },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/ADDRESS_FORMAT_ETHEREUM/);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});

describe("signing", () => {
  it("sign_raw_payload by address and by private key id recovers to the key's address", async () => {
    const key = await createKey("Signer", "CURVE_SECP256K1", ["ADDRESS_FORMAT_ETHEREUM"]);
    const address = key.addresses[0]!.address as `0x${string}`;
    const digest = keccak256(toHex("latchkey"));
    for (const signWith of [address, key.privateKeyId]) {
      const sig = await signRaw(signWith, digest, "PAYLOAD_ENCODING_HEXADECIMAL", "HASH_FUNCTION_NO_OP");
      const recovered = await recoverAddress({
        hash: digest,
        signature: { r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number.parseInt(sig.v, 16) },
      });
      expect(recovered).toBe(address);
    }
    const text = await signRaw(address, "hello", "PAYLOAD_ENCODING_TEXT_UTF8", "HASH_FUNCTION_KECCAK256");
    expect(
      await recoverAddress({
        hash: keccak256(toHex("hello")),
        signature: { r: `0x${text.r}`, s: `0x${text.s}`, yParity: Number.parseInt(text.v, 16) },
      }),
    ).toBe(address);
  });

  it("sign_raw_payloads signs each payload; ed25519 signatures verify over the message", async () => {
    const key = await createKey("Ed", "CURVE_ED25519", ["ADDRESS_FORMAT_SOLANA"]);
    const got = await t.call<{ privateKey: TPrivateKey }>(
      "query",
      "get_private_key",
      { organizationId: org.organizationId, privateKeyId: key.privateKeyId },
      org.key,
    );
    const publicKey = Buffer.from(got.body.privateKey.publicKey, "hex");
    const payloads = ["0a0b0c", "deadbeef"];
    const { signatures } = await completed<{ signatures: Sig[] }>(
      "sign_raw_payloads",
      "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS",
      {
        signWith: key.addresses[0]!.address,
        payloads,
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_NOT_APPLICABLE",
      },
      "signRawPayloadsResult",
    );
    expect(signatures).toHaveLength(2);
    signatures.forEach((sig, i) => {
      const signature = Buffer.from(sig.r + sig.s, "hex");
      expect(ed25519.verify(signature, Buffer.from(payloads[i]!, "hex"), publicKey)).toBe(true);
    });
  });

  it("sign_transaction: an EIP-1559 transaction comes back signed by the key, fields intact", async () => {
    const key = await createKey("Tx", "CURVE_SECP256K1", ["ADDRESS_FORMAT_ETHEREUM"]);
    const unsigned = serializeTransaction({
      type: "eip1559",
      chainId: 31337,
      nonce: 7,
      to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      value: 10n ** 15n,
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1_000_000_000n,
      gas: 21_000n,
    });
    const { signedTransaction } = await completed<{ signedTransaction: string }>(
      "sign_transaction",
      "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
      {
        signWith: key.addresses[0]!.address,
        unsignedTransaction: unsigned,
        type: "TRANSACTION_TYPE_ETHEREUM",
      },
      "signTransactionResult",
    );
    const signed = (
      signedTransaction.startsWith("0x") ? signedTransaction : `0x${signedTransaction}`
    ) as `0x${string}`;
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(
      key.addresses[0]!.address,
    );
    expect(parseTransaction(signed)).toMatchObject({ nonce: 7, chainId: 31337, value: 10n ** 15n });
  });

  it("refuses a Solana transaction for an Ethereum key and garbage payloads, writing nothing", async () => {
    const key = await createKey("Eth only", "CURVE_SECP256K1", ["ADDRESS_FORMAT_ETHEREUM"]);
    const before = await databaseDigest(t.app);
    const wrongChain = await submit("sign_transaction", "ACTIVITY_TYPE_SIGN_TRANSACTION_V2", {
      signWith: key.privateKeyId,
      unsignedTransaction: "00",
      type: "TRANSACTION_TYPE_SOLANA",
    });
    expect(wrongChain.status).toBe(400);
    expect(wrongChain.body.message).toMatch(/CURVE_ED25519/);
    const badHex = await submit("sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: key.privateKeyId,
      payload: "0xzz",
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_KECCAK256",
    });
    expect(badHex.status).toBe(400);
    expect(badHex.body.message).toMatch(/payload/);
    const notADigest = await submit("sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: key.privateKeyId,
      payload: "0x1234",
      encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      hashFunction: "HASH_FUNCTION_NO_OP",
    });
    expect(notADigest.status).toBe(400);
    const unknown = await submit("sign_raw_payload", "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", {
      signWith: "0x0000000000000000000000000000000000000001",
      payload: "hi",
      encoding: "PAYLOAD_ENCODING_TEXT_UTF8",
      hashFunction: "HASH_FUNCTION_KECCAK256",
    });
    expect(unknown.status).toBe(404);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
