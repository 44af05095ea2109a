import { createPrivateKey, sign } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { generateP256KeyPair, toDerSignature } from "@turnkey/crypto";
import { WalletStamper, WalletType } from "@turnkey/wallet-stamper";
import { privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TApiKey } from "@/lib/api/credentials";
import { startTestApp, type TestApp } from "../../testing/harness";

/**
 * Stamps of every API key scheme. Where an official stamper exists for a scheme it signs
 * (@turnkey/wallet-stamper: EIP-191 and Solana ed25519, the Ethereum key signing through viem);
 * otherwise the stamp is signed by hand with independent libraries, never with our verifier.
 */

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString("hex");
const header = (publicKey: string, scheme: string, signature: Uint8Array) => ({
  "X-Stamp": Buffer.from(JSON.stringify({ publicKey, scheme, signature: hex(signature) })).toString(
    "base64url",
  ),
});

interface SchemeKey {
  curveType: string;
  credentialType: string;
  publicKey: string;
  stamp(body: string): Promise<Record<string, string>>;
}

const officialStamp = async (stamper: WalletStamper, body: string) => {
  const stamp = await stamper.stamp(body);
  return { [stamp.stampHeaderName]: stamp.stampHeaderValue };
};

const schemes: Record<string, () => SchemeKey> = {
  "secp256k1 (SIGNATURE_SCHEME_TK_API_SECP256K1, signed by hand)": () => {
    const secret = secp256k1.utils.randomSecretKey();
    const publicKey = hex(secp256k1.getPublicKey(secret, true));
    return {
      curveType: "API_KEY_CURVE_SECP256K1",
      credentialType: "CREDENTIAL_TYPE_API_KEY_SECP256K1",
      publicKey,
      stamp: async (body) =>
        header(
          publicKey,
          "SIGNATURE_SCHEME_TK_API_SECP256K1",
          secp256k1.sign(new TextEncoder().encode(body), secret, { format: "der" }),
        ),
    };
  },
  "ed25519 (SIGNATURE_SCHEME_TK_API_ED25519, signed by hand)": () => {
    const secret = ed25519.utils.randomSecretKey();
    const publicKey = hex(ed25519.getPublicKey(secret));
    return {
      curveType: "API_KEY_CURVE_ED25519",
      credentialType: "CREDENTIAL_TYPE_API_KEY_ED25519",
      publicKey,
      stamp: async (body) =>
        header(
          publicKey,
          "SIGNATURE_SCHEME_TK_API_ED25519",
          ed25519.sign(new TextEncoder().encode(body), secret),
        ),
    };
  },
  "an Ethereum wallet (SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191, @turnkey/wallet-stamper)": () => {
    const secret = secp256k1.utils.randomSecretKey();
    const account = privateKeyToAccount(`0x${hex(secret)}`);
    const stamper = new WalletStamper({
      type: WalletType.Ethereum,
      signMessage: (message: string) => account.signMessage({ message }),
      getPublicKey: async () => hex(secp256k1.getPublicKey(secret, true)),
    });
    return {
      curveType: "API_KEY_CURVE_SECP256K1",
      credentialType: "CREDENTIAL_TYPE_API_KEY_SECP256K1",
      publicKey: hex(secp256k1.getPublicKey(secret, true)),
      stamp: (body) => officialStamp(stamper, body),
    };
  },
  "a Solana wallet (SIGNATURE_SCHEME_TK_API_ED25519, @turnkey/wallet-stamper)": () => {
    const secret = ed25519.utils.randomSecretKey();
    const publicKey = hex(ed25519.getPublicKey(secret));
    const stamper = new WalletStamper({
      type: WalletType.Solana,
      signMessage: async (message: string) => hex(ed25519.sign(new TextEncoder().encode(message), secret)),
      getPublicKey: async () => publicKey,
    });
    return {
      curveType: "API_KEY_CURVE_ED25519",
      credentialType: "CREDENTIAL_TYPE_API_KEY_ED25519",
      publicKey,
      stamp: (body) => officialStamp(stamper, body),
    };
  },
};

let t: TestApp;
let orgId: string;
let root: Awaited<ReturnType<TestApp["newOrganization"]>>["key"];
beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization();
  orgId = org.organizationId;
  root = org.key;
});
afterAll(async () => t?.close());

type ActivityBody = { activity: { status: string; result: Record<string, Record<string, string[]>> } };

/** A user without credentials, then the key added to it with create_api_keys. */
async function userHolding(userName: string, key: Pick<SchemeKey, "publicKey" | "curveType">) {
  const user = await t.call<ActivityBody>(
    "submit",
    "create_users",
    t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, {
      users: [{ userName, apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
    }),
    root,
  );
  const userId = user.body.activity.result.createUsersResult!.userIds![0]!;
  const created = await t.call<ActivityBody>(
    "submit",
    "create_api_keys",
    t.activity("ACTIVITY_TYPE_CREATE_API_KEYS_V2", orgId, {
      userId,
      apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: key.curveType }],
    }),
    root,
  );
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  expect(created.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return { userId, apiKeyId: created.body.activity.result.createApiKeysResult!.apiKeyIds![0]! };
}

describe("API key stamp schemes", () => {
  let n = 0;
  for (const [name, make] of Object.entries(schemes)) {
    it(`${name}: created with create_api_keys, stamps queries and activities; a changed body is refused`, async () => {
      const key = make();
      n += 1;
      const userName = `scheme-user-${n}`;
      const { userId, apiKeyId } = await userHolding(userName, key);

      const listed = await t.call<{ apiKey: TApiKey }>(
        "query",
        "get_api_key",
        { organizationId: orgId, apiKeyId },
        root,
      );
      expect(listed.body.apiKey.credential).toEqual({ publicKey: key.publicKey, type: key.credentialType });

      const body = JSON.stringify({ organizationId: orgId });
      const me = await t.call("query", "whoami", body, { headers: await key.stamp(body) });
      expect(me.status, JSON.stringify(me.body)).toBe(200);
      expect(me.body).toMatchObject({ userId, username: userName });

      // Self-service: the key's holder opens a session for themself.
      const login = JSON.stringify(
        t.activity("ACTIVITY_TYPE_STAMP_LOGIN", orgId, { publicKey: generateP256KeyPair().publicKey }),
      );
      const session = await t.call<ActivityBody>("submit", "stamp_login", login, {
        headers: await key.stamp(login),
      });
      expect(session.status, JSON.stringify(session.body)).toBe(200);
      expect(session.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

      const tampered = await t.call<{ message: string; details: { turnkeyErrorCode: string }[] }>(
        "query",
        "whoami",
        `${body} `,
        { headers: await key.stamp(body) },
      );
      expect(tampered.status).toBe(401);
      expect(tampered.body.details[0]?.turnkeyErrorCode).toBe("SIGNATURE_INVALID");
      expect(tampered.body.message).toMatch(/could not verify api key signature/);
    });
  }

  it("a secp256k1 key named in a P-256 stamp is refused", async () => {
    const key = schemes["secp256k1 (SIGNATURE_SCHEME_TK_API_SECP256K1, signed by hand)"]!();
    await userHolding("curve-confusion", key);
    const body = JSON.stringify({ organizationId: orgId });
    const stamp = Buffer.from(await key.stamp(body).then((h) => h["X-Stamp"]!), "base64url").toString();
    const asP256 = { ...JSON.parse(stamp), scheme: "SIGNATURE_SCHEME_TK_API_P256" };
    const res = await t.call<{ message: string }>("query", "whoami", body, {
      headers: { "X-Stamp": Buffer.from(JSON.stringify(asP256)).toString("base64url") },
    });
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/could not verify api key signature/);
  });

  it("accepts a high-S secp256k1 signature (the mirror image of a low-S one)", async () => {
    const secret = secp256k1.utils.randomSecretKey();
    const publicKey = hex(secp256k1.getPublicKey(secret, true));
    const { userId } = await userHolding("high-s", { publicKey, curveType: "API_KEY_CURVE_SECP256K1" });
    const body = JSON.stringify({ organizationId: orgId });
    const low = secp256k1.Signature.fromBytes(secp256k1.sign(Buffer.from(body), secret), "compact");
    const high = new secp256k1.Signature(low.r, secp256k1.Point.CURVE().n - low.s);
    expect(high.hasHighS()).toBe(true);
    const res = await t.call("query", "whoami", body, {
      headers: header(publicKey, "SIGNATURE_SCHEME_TK_API_SECP256K1", high.toBytes("der")),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId });
  });

  it("accepts a high-S P-256 signature, as the official stamper may produce", async () => {
    const body = JSON.stringify({ organizationId: orgId });
    const d = Buffer.from(root.privateKey, "hex");
    const point = Buffer.from(p256.getPublicKey(d, false));
    const key = createPrivateKey({
      key: {
        kty: "EC",
        crv: "P-256",
        d: d.toString("base64url"),
        x: point.subarray(1, 33).toString("base64url"),
        y: point.subarray(33).toString("base64url"),
      },
      format: "jwk",
    });
    // Sign until S is in the upper half, then check it really is high-S before sending it.
    const n = p256.Point.CURVE().n;
    let raw: Buffer;
    let s: bigint;
    do {
      raw = sign("sha256", Buffer.from(body), { key, dsaEncoding: "ieee-p1363" });
      s = BigInt(`0x${raw.subarray(32).toString("hex")}`);
    } while (s <= n / 2n);
    const der = p256.Signature.fromBytes(raw, "compact").toBytes("der");
    expect(
      p256.verify(raw, sha256(new TextEncoder().encode(body)), point, { lowS: true, prehash: false }),
    ).toBe(false);
    const res = await t.call("query", "whoami", body, {
      headers: header(root.publicKey, "SIGNATURE_SCHEME_TK_API_P256", der),
    });
    expect(res.status).toBe(200);
  });

  it("accepts a wallet stamp whose r begins with a zero byte, padded as @turnkey/crypto's toDerSignature does", async () => {
    // About one signature in 128 has r or s below 2^248; the official encoder keeps the zero
    // byte (`02 20 00 …`), which strict DER refuses. Find such a key for this body, then stamp.
    const body = JSON.stringify({ organizationId: orgId });
    let secret: Uint8Array;
    let signed: string;
    do {
      secret = secp256k1.utils.randomSecretKey();
      signed = await privateKeyToAccount(`0x${hex(secret)}`).signMessage({ message: body });
    } while (!signed.startsWith("0x00") || Number.parseInt(signed.slice(4, 6), 16) >= 0x80);
    const der = toDerSignature(signed.slice(2, 130));
    expect(der).toMatch(/^30[0-9a-f]{2}022000[0-7]/); // r: 32 bytes, the first a needless zero
    const key =
      schemes["an Ethereum wallet (SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191, @turnkey/wallet-stamper)"]!;
    const publicKey = hex(secp256k1.getPublicKey(secret, true));
    const { userId } = await userHolding("zero-r", { ...key(), publicKey });
    const res = await t.call("query", "whoami", body, {
      headers: header(publicKey, "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191", Buffer.from(der, "hex")),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ userId });
  });
});
