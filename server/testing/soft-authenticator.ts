import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software passkey for tests: it registers with "none" attestation and signs assertions the way
 * a platform authenticator does, so the server's real WebAuthn verification runs unchanged.
 */
export interface SoftAuthenticator {
  credentialId: string;
  counter: number;
  /**
   * The attestation as create_authenticators and the first-run page take it: "none" (no signature),
   * or with `selfAttested` "packed" self attestation, signed by the passkey's own key.
   */
  register(
    challenge: string,
    options?: { selfAttested?: boolean },
  ): {
    credentialId: string;
    clientDataJson: string;
    attestationObject: string;
    transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL"];
  };
  /** The `possessionProof` extension: an assertion over `challenge`, as navigator.credentials.get makes it. */
  prove(challenge: string): { authenticatorData: string; clientDataJson: string; signature: string };
  /**
   * An `X-Stamp-Webauthn` header over `body`, exactly as @turnkey/webauthn-stamper builds it. The
   * options forge what a hostile page or a cloned authenticator would send.
   */
  stamp(body: string, options?: { origin?: string; rpId?: string; counter?: number }): Record<string, string>;
}

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();
const b64url = (data: Buffer) => data.toString("base64url");
const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

const counterBytes = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
};

/** A P-256 public key (its x and y coordinates) in the COSE form authenticators report. */
export function coseP256Key(x: Uint8Array, y: Uint8Array): Uint8Array {
  return isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, x],
      [-3, y],
    ]),
  );
}

/**
 * A registration with "none" attestation, as create_authenticators and the first-run page take
 * it. It holds no signature: nothing in it proves that its maker holds the key it names.
 */
export function noneAttestation(input: {
  rpId: string;
  origin: string;
  challenge: string;
  credentialId: Buffer;
  coseKey: Uint8Array;
  counter: number;
}): ReturnType<SoftAuthenticator["register"]> {
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(input.credentialId.length);
  const authData = Buffer.concat([
    sha256(input.rpId),
    Buffer.from([FLAG_UP | FLAG_UV | FLAG_AT]),
    counterBytes(input.counter),
    Buffer.alloc(16), // AAGUID: none
    idLength,
    input.credentialId,
    Buffer.from(input.coseKey),
  ]);
  const clientData = {
    type: "webauthn.create",
    challenge: input.challenge,
    origin: input.origin,
    crossOrigin: false,
  };
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  return {
    credentialId: b64url(input.credentialId),
    clientDataJson: b64url(Buffer.from(JSON.stringify(clientData))),
    attestationObject: b64url(Buffer.from(attestationObject)),
    transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL"],
  };
}

export function softAuthenticator(settings: {
  rpId: string;
  origin: string;
  /** Reuse another passkey's credential id (base64url) with a key of this authenticator's own. */
  credentialId?: string;
}): SoftAuthenticator {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = settings.credentialId
    ? Buffer.from(settings.credentialId, "base64url")
    : randomBytes(16);
  const coseKey = coseP256Key(Buffer.from(jwk.x!, "base64url"), Buffer.from(jwk.y!, "base64url"));

  const authenticator: SoftAuthenticator = {
    credentialId: b64url(credentialId),
    counter: 0,
    register(challenge, options = {}) {
      const none = noneAttestation({ ...settings, challenge, credentialId, coseKey, counter: 0 });
      if (!options.selfAttested) return none;
      const decoded = isoCBOR.decodeFirst<Map<string, unknown>>(
        Buffer.from(none.attestationObject, "base64url"),
      );
      const authData = Buffer.from(decoded.get("authData") as Uint8Array);
      const signed = Buffer.concat([authData, sha256(Buffer.from(none.clientDataJson, "base64url"))]);
      const attStmt = new Map<string, unknown>([
        ["alg", -7],
        ["sig", sign("sha256", signed, privateKey)],
      ]);
      const packed = new Map<string, unknown>([
        ["fmt", "packed"],
        ["attStmt", attStmt],
        ["authData", authData],
      ]);
      return { ...none, attestationObject: b64url(Buffer.from(isoCBOR.encode(packed as never))) };
    },
    prove(challenge) {
      authenticator.counter += 1;
      const clientDataJson = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin: settings.origin }),
      );
      const authenticatorData = Buffer.concat([
        sha256(settings.rpId),
        Buffer.from([FLAG_UP | FLAG_UV]),
        counterBytes(authenticator.counter),
      ]);
      const signature = sign(
        "sha256",
        Buffer.concat([authenticatorData, sha256(clientDataJson)]),
        privateKey,
      );
      return {
        authenticatorData: b64url(authenticatorData),
        clientDataJson: b64url(clientDataJson),
        signature: b64url(signature),
      };
    },
    stamp(body, options = {}) {
      authenticator.counter = options.counter ?? authenticator.counter + 1;
      // The official stamper's challenge: the ASCII hex of sha256(body).
      const challenge = b64url(Buffer.from(sha256(body).toString("hex")));
      const clientDataJson = Buffer.from(
        JSON.stringify({ type: "webauthn.get", challenge, origin: options.origin ?? settings.origin }),
      );
      const authenticatorData = Buffer.concat([
        sha256(options.rpId ?? settings.rpId),
        Buffer.from([FLAG_UP | FLAG_UV]),
        counterBytes(authenticator.counter),
      ]);
      const signature = sign(
        "sha256",
        Buffer.concat([authenticatorData, sha256(clientDataJson)]),
        privateKey,
      );
      const stamp = {
        authenticatorData: b64url(authenticatorData),
        clientDataJson: b64url(clientDataJson),
        credentialId: b64url(credentialId),
        signature: b64url(signature),
      };
      // The official stamper's header name and casing; the value is plain JSON, not base64.
      return { "X-Stamp-Webauthn": JSON.stringify(stamp) };
    },
  };
  return authenticator;
}
