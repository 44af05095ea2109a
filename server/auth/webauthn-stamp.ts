import { createHash } from "node:crypto";
import { verifyAuthenticationResponse } from "@simplewebauthn/server";
import { and, eq, lt } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { authenticators } from "../db/schema";
import { unauthenticated } from "../errors";
import { malformedStamp, type VerifiedStamp } from "./stamp";

export interface WebAuthnSettings {
  rpId: string;
  origins: string[];
}

const B64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** The challenge the official webauthn stamper signs: the lowercase hex sha256 of the body, as ASCII. */
export function webauthnChallengeFor(body: Uint8Array): string {
  return Buffer.from(createHash("sha256").update(body).digest("hex"), "utf8").toString("base64url");
}

interface StampFields {
  authenticatorData: string;
  clientDataJson: string;
  credentialId: string;
  signature: string;
}

function parseHeader(header: string): StampFields {
  let parsed: unknown;
  try {
    parsed = JSON.parse(header);
  } catch {
    throw malformedStamp("X-Stamp-WebAuthn must be a JSON object");
  }
  const fields = (parsed ?? {}) as Record<string, unknown>;
  for (const name of ["authenticatorData", "clientDataJson", "credentialId", "signature"] as const) {
    const value = fields[name];
    if (typeof value !== "string" || !B64URL.test(value)) {
      throw malformedStamp(`X-Stamp-WebAuthn.${name} must be a base64url string`);
    }
  }
  return fields as unknown as StampFields;
}

/**
 * Verify a passkey assertion over the raw body: the challenge must be the body's hash, the origin
 * and RP id ours, the signature the registered key's, and the signature counter must move forward.
 */
export async function verifyWebAuthnStamp(
  db: DbOrTx,
  settings: WebAuthnSettings,
  header: string,
  body: Uint8Array,
): Promise<VerifiedStamp> {
  if (header.length > 16_384) throw malformedStamp("X-Stamp-WebAuthn is too long");
  const fields = parseHeader(header);
  const credentialId = fields.credentialId.replace(/=+$/, "");
  const rows = await db.select().from(authenticators).where(eq(authenticators.credentialId, credentialId));
  if (rows.length === 0) {
    throw unauthenticated(
      "CREDENTIAL_NOT_FOUND",
      `no passkey is registered with credential id ${credentialId}`,
    );
  }
  // A credential id is no secret (every stamp carries it), so anyone can register a key of their
  // own under someone else's id in an organization they control. Rows are told apart by public key:
  // the stamp proves only the key that verifies it. The signature counter is not checked here:
  // another organization may hold a copy of this credential with any counter it chose (a
  // registration proves no possession), so the counter is checked and advanced only on the row of
  // the organization the request acts on, once resolveCaller has found it (checkSignCount).
  const byKey = Map.groupBy(rows, (r) => r.cosePublicKey);
  let refusal = "could not verify passkey stamp signature over the request body";
  for (const [cosePublicKey, keyRows] of byKey) {
    const counter = 0;
    let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>;
    try {
      verification = await verifyAuthenticationResponse({
        response: {
          id: credentialId,
          rawId: credentialId,
          type: "public-key",
          clientExtensionResults: {},
          response: {
            authenticatorData: fields.authenticatorData,
            clientDataJSON: fields.clientDataJson,
            signature: fields.signature,
          },
        },
        expectedChallenge: webauthnChallengeFor(body),
        expectedOrigin: settings.origins,
        expectedRPID: settings.rpId,
        credential: {
          id: credentialId,
          publicKey: new Uint8Array(Buffer.from(cosePublicKey, "base64url")),
          counter,
        },
        requireUserVerification: false,
      });
    } catch (error) {
      if (byKey.size === 1 && error instanceof Error)
        refusal = `could not verify passkey stamp: ${error.message}`;
      continue;
    }
    if (!verification.verified) continue;
    return {
      kind: "WEBAUTHN",
      credentialId,
      publicKey: keyRows[0]!.publicKey,
      signCount: verification.authenticationInfo.newCounter,
      scheme: "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN",
      signature: fields.signature,
      header,
    };
  }
  throw unauthenticated("SIGNATURE_INVALID", refusal);
}

/**
 * Check and store the assertion's counter on the one passkey row the request acts through: it must
 * move forward (an authenticator that keeps no counter reports 0 every time). Conditional on the
 * stored one still being lower, so that of two requests carrying the same assertion at once only
 * one gets through (the other is a replay).
 */
export async function checkSignCount(
  db: DbOrTx,
  row: { id: string; signCount: number },
  next: number,
): Promise<void> {
  if (next === 0 && row.signCount === 0) return; // this authenticator keeps no counter
  if (next <= row.signCount) {
    throw unauthenticated(
      "SIGNATURE_INVALID",
      `could not verify passkey stamp: signature counter ${next} is not above the stored ${row.signCount} (a replayed or cloned assertion)`,
    );
  }
  const moved = await db
    .update(authenticators)
    .set({ signCount: next })
    .where(and(eq(authenticators.id, row.id), lt(authenticators.signCount, next)))
    .returning({ id: authenticators.id });
  if (moved.length === 0) {
    throw unauthenticated(
      "SIGNATURE_INVALID",
      `could not verify passkey stamp: signature counter ${next} was already used (a replayed assertion)`,
    );
  }
}
