import type { Tx } from "../db/client";
import { ApiError } from "../errors";
import type { VerifiedPasskey } from "./authenticators";
import { spendRegistrationChallenge } from "./registration-challenges";

/** Where the challenges of a registration must come from, and when it was asked for. */
export interface ChallengeIssuer {
  /** The organization the activity was submitted to (a new sub-organization's parent). */
  organizationId: string;
  /** When the activity was submitted: a vote may run it later, but the challenge was fresh then. */
  submittedAt: Date;
  now: Date;
  /** LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE */
  require: boolean;
}

function notProven(passkey: VerifiedPasskey, issued: boolean): ApiError {
  const why = issued
    ? "was issued by this server, but nothing signed by the passkey covers it (send possessionProof, an assertion over the challenge, or a self attestation)"
    : "was not issued by this server (ask get_registration_challenge for one)";
  return new ApiError(
    "INVALID_ARGUMENT",
    "POSSESSION_NOT_PROVEN",
    `${passkey.field}.challenge ${why}; this installation requires every passkey registration to prove possession`,
    { fieldViolations: [{ field: `${passkey.field}.challenge`, description: "possession not proven" }] },
  );
}

/**
 * Spend each registration's challenge if the server issued it, and mark the passkey proven when its
 * key signed that challenge. A client-chosen challenge is accepted unproven (the official SDKs
 * choose their own; the reference allows it) unless the installation requires proof. A server
 * challenge under an unsigned ("none") attestation is spent but proves nothing: the whole
 * attestation can be made up without the key, server challenge included.
 */
export async function settlePossession(
  tx: Tx,
  entries: { userId: string | undefined; passkey: VerifiedPasskey }[],
  issuer: ChallengeIssuer,
): Promise<void> {
  for (const { userId, passkey } of entries) {
    const issued = await spendRegistrationChallenge(
      tx,
      passkey.challenge,
      { organizationId: issuer.organizationId, userId },
      issuer,
      passkey.field,
    );
    passkey.possessionProven = issued && passkey.keySigned;
    if (issuer.require && !passkey.possessionProven) throw notProven(passkey, issued);
  }
}
