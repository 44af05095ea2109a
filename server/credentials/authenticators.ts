import { verifyRegistrationResponse } from "@simplewebauthn/server";
import { convertCOSEtoPKCS } from "@simplewebauthn/server/helpers";
import { and, eq, inArray, or } from "drizzle-orm";
import type { TAuthenticatorParams } from "@/lib/api/credentials";
import type { WebAuthnSettings } from "../auth/webauthn-stamp";
import type { Tx } from "../db/client";
import { authenticators } from "../db/schema";
import { ApiError, invalid } from "../errors";
import { newId } from "../ids";
import { requireNoShadowing } from "./credential-id-binding";
import { keySignature } from "./possession";

export interface VerifiedPasskey {
  name: string;
  credentialId: string;
  cosePublicKey: string;
  publicKey: string;
  signCount: number;
  transports: string[];
  aaguid: string;
  attestationType: string;
  /** The registration's challenge, unpadded: the server's (spent by settlePossession) or the client's. */
  challenge: string;
  /** The passkey's own key signed that challenge (self attestation or `possessionProof`). */
  keySigned: boolean;
  /** Set by settlePossession: signed, over a challenge this server issued and has now spent. */
  possessionProven: boolean;
  /** Where in the request this passkey was, for error messages. */
  field: string;
}

const TRANSPORT_NAMES: Record<string, string> = {
  AUTHENTICATOR_TRANSPORT_BLE: "ble",
  AUTHENTICATOR_TRANSPORT_INTERNAL: "internal",
  AUTHENTICATOR_TRANSPORT_NFC: "nfc",
  AUTHENTICATOR_TRANSPORT_USB: "usb",
  AUTHENTICATOR_TRANSPORT_HYBRID: "hybrid",
};

const unpad = (s: string) => s.replace(/=+$/, "");

/**
 * Verify a passkey registration (attestation) as the official clients send it: the client data
 * must carry the stated challenge, our origin and RP id; the public key comes from the attestation.
 */
export async function verifyPasskeyRegistration(
  settings: WebAuthnSettings,
  params: TAuthenticatorParams,
  field: string,
): Promise<VerifiedPasskey> {
  const { attestation } = params;
  const credentialId = unpad(attestation.credentialId);
  let result: Awaited<ReturnType<typeof verifyRegistrationResponse>>;
  try {
    result = await verifyRegistrationResponse({
      response: {
        id: credentialId,
        rawId: credentialId,
        type: "public-key",
        clientExtensionResults: {},
        response: {
          clientDataJSON: attestation.clientDataJson,
          attestationObject: attestation.attestationObject,
          transports: attestation.transports.map((t) => TRANSPORT_NAMES[t]) as never,
        },
      },
      expectedChallenge: (challenge: string) => unpad(challenge) === unpad(params.challenge),
      expectedOrigin: settings.origins,
      expectedRPID: settings.rpId,
      requireUserVerification: false,
    });
  } catch (error) {
    const reason = error instanceof Error ? error.message : "attestation rejected";
    throw invalid(`${field}.attestation could not be verified: ${reason}`, `${field}.attestation`);
  }
  if (!result.verified || !result.registrationInfo) {
    throw invalid(`${field}.attestation could not be verified`, `${field}.attestation`);
  }
  const info = result.registrationInfo;
  if (unpad(info.credential.id) !== credentialId) {
    throw invalid(
      `${field}.attestation.credentialId does not match the attested credential`,
      `${field}.attestation`,
    );
  }
  const challenge = unpad(params.challenge);
  const signature = await keySignature(
    settings,
    {
      credentialId,
      cosePublicKey: info.credential.publicKey,
      attestationObject: attestation.attestationObject,
      challenge,
      counter: info.credential.counter,
      proof: params.possessionProof,
    },
    field,
  );
  return {
    name: params.authenticatorName,
    credentialId,
    cosePublicKey: Buffer.from(info.credential.publicKey).toString("base64url"),
    publicKey: Buffer.from(convertCOSEtoPKCS(info.credential.publicKey)).toString("hex"),
    signCount: signature.counter,
    transports: attestation.transports,
    aaguid: info.aaguid,
    attestationType: info.fmt,
    challenge,
    keySigned: signature.signed,
    possessionProven: false,
    field,
  };
}

export function insertAuthenticators(
  tx: Tx,
  organizationId: string,
  userId: string,
  passkeys: VerifiedPasskey[],
  now: Date,
): Promise<string[]> {
  return insertAuthenticatorsOf(
    tx,
    organizationId,
    passkeys.map((passkey) => ({ userId, passkey })),
    now,
  );
}

/**
 * Register passkeys of several users in two statements: one look-up, one insert. One passkey key
 * pair per organization, under whatever credential id: otherwise a member could register a root
 * user's public key under a new id and have the root's stamps (with that id swapped in; the
 * signature does not cover it) count as theirs. The same holds within the batch.
 */
export async function insertAuthenticatorsOf(
  tx: Tx,
  organizationId: string,
  entries: { userId: string; passkey: VerifiedPasskey }[],
  now: Date,
): Promise<string[]> {
  if (entries.length === 0) return [];
  const passkeys = entries.map((e) => e.passkey);
  const repeated = passkeys.find((passkey, i) =>
    passkeys.some(
      (p, j) => j !== i && (p.credentialId === passkey.credentialId || p.publicKey === passkey.publicKey),
    ),
  );
  const [existing] = repeated
    ? [{ credentialId: repeated.credentialId }]
    : await tx
        .select({ credentialId: authenticators.credentialId })
        .from(authenticators)
        .where(
          and(
            eq(authenticators.organizationId, organizationId),
            or(
              inArray(
                authenticators.credentialId,
                passkeys.map((p) => p.credentialId),
              ),
              inArray(
                authenticators.publicKey,
                passkeys.map((p) => p.publicKey),
              ),
            ),
          ),
        )
        .limit(1);
  if (existing) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "AUTHENTICATOR_EXISTS",
      `passkey ${existing.credentialId} (or its public key) is already registered in organization ${organizationId}`,
    );
  }
  await requireNoShadowing(tx, organizationId, passkeys);
  const rows = entries.map(({ userId, passkey }) => ({
    id: newId(now.getTime()),
    organizationId,
    userId,
    name: passkey.name,
    credentialId: passkey.credentialId,
    cosePublicKey: passkey.cosePublicKey,
    publicKey: passkey.publicKey,
    signCount: passkey.signCount,
    transports: passkey.transports,
    aaguid: passkey.aaguid,
    attestationType: passkey.attestationType,
    possessionProven: passkey.possessionProven,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.insert(authenticators).values(rows);
  return rows.map((r) => r.id);
}
