import { randomBytes } from "node:crypto";
import { coseP256Key, noneAttestation } from "./soft-authenticator";

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
  const point = Buffer.from(options.publicKey, "hex");
  const attestation = noneAttestation({
    rpId: options.rpId,
    origin: options.origin,
    challenge,
    credentialId: Buffer.from(options.credentialId, "base64url"),
    coseKey: coseP256Key(point.subarray(1, 33), point.subarray(33, 65)),
    counter: options.counter,
  });
  return { authenticatorName: "forged", challenge, attestation };
}
