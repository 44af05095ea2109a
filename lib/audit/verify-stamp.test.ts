import { createHash, generateKeyPairSync, sign } from "node:crypto";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { verifyAuditCheckpoint } from "./verify-checkpoint";
import { stampProblem } from "./verify-stamp";

/**
 * The isomorphic stamp and checkpoint checks (noble) against signatures made independently with
 * node:crypto and viem, so the dashboard's check and the CLI's agree with what the server accepted.
 */

const request = JSON.stringify({ type: "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2", organizationId: "o" });
const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString("base64url");
const apiStamp = (publicKey: string, scheme: string, signature: Uint8Array) =>
  b64url(JSON.stringify({ publicKey, scheme, signature: Buffer.from(signature).toString("hex") }));

function p256Pair() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const x = Buffer.from(jwk.x!, "base64url");
  const y = Buffer.from(jwk.y!, "base64url");
  return {
    privateKey,
    compressed: Buffer.concat([Buffer.of(2 + (y[31]! & 1)), x]).toString("hex"),
    uncompressed: Buffer.concat([Buffer.of(4), x, y]).toString("hex"),
  };
}

describe("audit stamps, re-verified offline", () => {
  it("verifies P-256 API-key stamps (high-S included) against the recorded key", () => {
    for (let i = 0; i < 8; i++) {
      const key = p256Pair();
      const stamp = apiStamp(
        key.compressed,
        "SIGNATURE_SCHEME_TK_API_P256",
        sign("sha256", Buffer.from(request), key.privateKey),
      );
      expect(stampProblem("API_KEY", stamp, request, key.compressed)).toBeNull();
      expect(stampProblem("API_KEY", stamp, `${request} `, key.compressed)).toMatch(/does not verify/);
      expect(stampProblem("API_KEY", stamp, request, p256Pair().compressed)).toMatch(/not the credential/);
    }
  });

  it("verifies secp256k1, EIP-191 and ed25519 stamps", async () => {
    const secret = secp256k1.utils.randomSecretKey();
    const k1 = Buffer.from(secp256k1.getPublicKey(secret, true)).toString("hex");
    const raw = secp256k1.sign(new TextEncoder().encode(request), secret, { format: "der" });
    expect(
      stampProblem("API_KEY", apiStamp(k1, "SIGNATURE_SCHEME_TK_API_SECP256K1", raw), request, k1),
    ).toBeNull();

    const account = privateKeyToAccount(`0x${Buffer.from(secret).toString("hex")}`);
    const rsv = Buffer.from((await account.signMessage({ message: request })).slice(2), "hex");
    const der = secp256k1.Signature.fromBytes(rsv.subarray(0, 64), "compact").toBytes("der");
    const eip191 = apiStamp(k1, "SIGNATURE_SCHEME_TK_API_SECP256K1_EIP191", der);
    expect(stampProblem("API_KEY", eip191, request, k1)).toBeNull();
    expect(stampProblem("API_KEY", eip191, `${request} `, k1)).toMatch(/does not verify/);

    const ed = generateKeyPairSync("ed25519");
    const edPublic = Buffer.from(ed.publicKey.export({ format: "jwk" }).x!, "base64url").toString("hex");
    const edStamp = apiStamp(
      edPublic,
      "SIGNATURE_SCHEME_TK_API_ED25519",
      sign(null, Buffer.from(request), ed.privateKey),
    );
    expect(stampProblem("API_KEY", edStamp, request, edPublic)).toBeNull();
    expect(stampProblem("API_KEY", edStamp, `${request} `, edPublic)).toMatch(/does not verify/);
  });

  it("verifies a passkey assertion over authenticatorData ‖ SHA-256(clientDataJSON)", () => {
    const key = p256Pair();
    const challenge = b64url(createHash("sha256").update(request).digest("hex"));
    const clientData = Buffer.from(JSON.stringify({ type: "webauthn.get", challenge, origin: "https://x" }));
    const authData = Buffer.alloc(37, 1);
    const signed = Buffer.concat([authData, createHash("sha256").update(clientData).digest()]);
    const stamp = (data: Buffer) =>
      JSON.stringify({
        authenticatorData: b64url(authData),
        clientDataJson: b64url(data),
        credentialId: "c",
        signature: b64url(sign("sha256", signed, key.privateKey)),
      });
    expect(stampProblem("WEBAUTHN", stamp(clientData), request, key.uncompressed)).toBeNull();
    expect(stampProblem("WEBAUTHN", stamp(clientData), `${request} `, key.uncompressed)).toMatch(/challenge/);
    expect(stampProblem("WEBAUTHN", stamp(clientData), request, p256Pair().uncompressed)).toMatch(
      /does not verify/,
    );
  });

  it("verifies a checkpoint signed r‖s with the server key, and refuses another key", () => {
    const key = p256Pair();
    const statement = JSON.stringify({
      version: "latchkey.audit-checkpoint.v1",
      organizationId: "o",
      seq: "3",
      hash: "ab",
      timestampMs: "1",
    });
    const signature = sign("sha256", Buffer.from(statement), {
      key: key.privateKey,
      dsaEncoding: "ieee-p1363",
    }).toString("hex");
    const checkpoint = { statement, signature, publicKey: key.uncompressed };
    expect(verifyAuditCheckpoint(checkpoint, key.uncompressed)).toEqual({
      ok: true,
      head: { organizationId: "o", seq: 3, hash: "ab" },
    });
    const forged = { ...checkpoint, statement: statement.replace('"3"', '"4"') };
    expect(verifyAuditCheckpoint(forged, key.uncompressed)).toMatchObject({ ok: false });
    expect(verifyAuditCheckpoint(checkpoint, p256Pair().uncompressed)).toMatchObject({ ok: false });
  });
});
