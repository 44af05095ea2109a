import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { apiKeys, authenticators, votes } from "../db/schema";
import type { ApprovingCredential } from "./context/consensus";

const WEBAUTHN_SCHEME = "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN";

/**
 * The credentials the approvals of an activity were signed with (the request itself is the
 * requester's first approval), for `credentials` in a consensus: "approved with a passkey" must
 * mean it. Only approvals by `approverUserIds` count (live users: see policyRound). Each vote keeps
 * the public key that signed it; the credential is found by user and key. One deleted since
 * keeps its type (known from the vote's signature scheme) with an empty id, so a passkeys-only
 * consensus cannot be met by an API key that was later deleted, nor lose a passkey's approval.
 */
export async function approvingCredentials(
  db: DbOrTx,
  activityId: string,
  approverUserIds: string[],
): Promise<ApprovingCredential[]> {
  if (approverUserIds.length === 0) return [];
  const approvals = await db
    .select({ userId: votes.userId, publicKey: votes.publicKey, scheme: votes.scheme })
    .from(votes)
    .where(
      and(
        eq(votes.activityId, activityId),
        eq(votes.selection, "VOTE_SELECTION_APPROVED"),
        inArray(votes.userId, approverUserIds),
      ),
    )
    .orderBy(asc(votes.id));
  const credentials: ApprovingCredential[] = [];
  for (const vote of approvals) {
    if (vote.scheme === WEBAUTHN_SCHEME) {
      const [passkey] = await db
        .select()
        .from(authenticators)
        .where(and(eq(authenticators.userId, vote.userId), eq(authenticators.publicKey, vote.publicKey)))
        .limit(1);
      credentials.push({
        id: passkey?.id ?? "",
        userId: vote.userId,
        type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR",
        credentialId: passkey?.credentialId ?? "",
        publicKey: vote.publicKey,
      });
      continue;
    }
    const [key] = await db
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, vote.userId), eq(apiKeys.publicKey, vote.publicKey)))
      .limit(1);
    credentials.push({
      id: key?.id ?? "",
      userId: vote.userId,
      type: key?.credentialType ?? apiKeyTypeOf(vote.scheme),
      credentialId: "",
      publicKey: vote.publicKey,
    });
  }
  return credentials;
}

/** An API key's credential type from the scheme its stamp used, for a key deleted since. */
function apiKeyTypeOf(scheme: string): string {
  if (scheme.includes("SECP256K1")) return "CREDENTIAL_TYPE_API_KEY_SECP256K1";
  if (scheme.includes("ED25519")) return "CREDENTIAL_TYPE_API_KEY_ED25519";
  return "CREDENTIAL_TYPE_API_KEY_P256";
}
