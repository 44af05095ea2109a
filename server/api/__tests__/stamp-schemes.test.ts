import { createPrivateKey, sign } from "node:crypto";
import { ed25519 } from "@noble/curves/ed25519.js";
import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";

/** Stamps of every API key scheme, signed by hand with independent libraries (not our verifier). */

const header = (publicKey: string, scheme: string, signature: Uint8Array) => ({
  "X-Stamp": Buffer.from(
    JSON.stringify({ publicKey, scheme, signature: Buffer.from(signature).toString("hex") }),
  ).toString("base64url"),
});

const schemes = {
  secp256k1: () => {
    const secret = secp256k1.utils.randomSecretKey();
    const publicKey = Buffer.from(secp256k1.getPublicKey(secret, true)).toString("hex");
    return {
      curveType: "API_KEY_CURVE_SECP256K1",
      publicKey,
      stamp: (body: string) =>
        header(
          publicKey,
          "SIGNATURE_SCHEME_TK_API_SECP256K1",
          secp256k1.sign(new TextEncoder().encode(body), secret, { format: "der" }),
        ),
    };
  },
  ed25519: () => {
    const secret = ed25519.utils.randomSecretKey();
    const publicKey = Buffer.from(ed25519.getPublicKey(secret)).toString("hex");
    return {
      curveType: "API_KEY_CURVE_ED25519",
      publicKey,
      stamp: (body: string) =>
        header(
          publicKey,
          "SIGNATURE_SCHEME_TK_API_ED25519",
          ed25519.sign(new TextEncoder().encode(body), secret),
        ),
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

describe("API key stamp schemes", () => {
  for (const [name, make] of Object.entries(schemes)) {
    it(`a ${name} API key stamps requests; a changed body is refused`, async () => {
      const key = make();
      const created = await t.call<{ activity: { status: string } }>(
        "submit",
        "create_users",
        t.activity("ACTIVITY_TYPE_CREATE_USERS_V4", orgId, {
          users: [
            {
              userName: `${name}-user`,
              apiKeys: [{ apiKeyName: name, publicKey: key.publicKey, curveType: key.curveType }],
              authenticators: [],
              oauthProviders: [],
              userTags: [],
            },
          ],
        }),
        root,
      );
      expect(created.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

      const body = JSON.stringify({ organizationId: orgId });
      const me = await t.call("query", "whoami", body, { headers: key.stamp(body) });
      expect(me.status).toBe(200);
      expect(me.body).toMatchObject({ username: `${name}-user` });

      const tampered = await t.call<{ message: string }>("query", "whoami", `${body} `, {
        headers: key.stamp(body),
      });
      expect(tampered.status).toBe(401);
      expect(tampered.body.message).toMatch(/could not verify/);
    });
  }

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
});
