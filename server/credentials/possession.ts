import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { decodeAttestationObject } from "@simplewebauthn/server/helpers";
import type { TPossessionProof } from "@/lib/api/credentials";
import type { WebAuthnSettings } from "../auth/webauthn-stamp";
import { invalid } from "../errors";

/** What a registration's own key signed, as far as its signature shows. */
export interface KeySignature {
  /** The passkey's key signed the registration's challenge (a fresh one only if the server issued it). */
  signed: boolean;
  /** The signature counter the signing reported (an assertion moves it on). */
  counter: number;
}

/**
 * A "packed" attestation without a certificate chain is self attestation: the credential's own key
 * signed authenticatorData and the client data (hence the challenge), and @simplewebauthn has
 * checked that signature with the attested key. Any other format proves nothing about this key:
 * "none" carries no signature, and a chain we do not check against trust anchors can be made up.
 */
function selfAttested(attestationObject: string): boolean {
  const decoded = decodeAttestationObject(new Uint8Array(Buffer.from(attestationObject, "base64url")));
  return decoded.get("fmt") === "packed" && !decoded.get("attStmt").get("x5c");
}

/**
 * Whether the key being registered signed `challenge`: by self attestation, or by the extension's
 * `possessionProof`, an assertion over the same challenge, checked with the attested key. A proof
 * that is sent and does not verify is refused rather than ignored: the client meant to prove.
 */
export async function keySignature(
  settings: WebAuthnSettings,
  registration: {
    credentialId: string;
    cosePublicKey: Uint8Array;
    attestationObject: string;
    challenge: string;
    counter: number;
    proof: TPossessionProof | undefined;
  },
  field: string,
): Promise<KeySignature> {
  const { proof, challenge } = registration;
  if (!proof) return { signed: selfAttested(registration.attestationObject), counter: registration.counter };
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
  try {
    verification = await verifyAuthenticationResponse({
      response: {
        id: registration.credentialId,
        rawId: registration.credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          authenticatorData: proof.authenticatorData,
          clientDataJSON: proof.clientDataJson,
          signature: proof.signature,
        },
      },
      expectedChallenge: (signed: string) => signed.replace(/=+$/, "") === challenge,
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      credential: {
        id: registration.credentialId,
        publicKey: new Uint8Array(registration.cosePublicKey),
        counter: registration.counter,
      },
      requireUserVerification: false,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : "assertion rejected";
    throw invalid(`${field}.possessionProof could not be verified: ${reason}`, `${field}.possessionProof`);
  }
  if (!verification.verified) {
    throw invalid(`${field}.possessionProof could not be verified`, `${field}.possessionProof`);
  }
  return {
    signed: true,
    counter: Math.max(registration.counter, verification.authenticationInfo.newCounter),
  };
}
