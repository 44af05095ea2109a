import { and, inArray, ne, sql } from "drizzle-orm";
import type { Tx } from "../db/client";
import { authenticators } from "../db/schema";
import { ApiError } from "../errors";

interface NewPasskey {
  credentialId: string;
  publicKey: string;
  possessionProven: boolean;
  field: string;
}

/**
 * What keeps a copy of someone's passkey from shadowing it in other organizations (list_suborgs by
 * CREDENTIAL_ID is how an app finds a user's organization from a sign-in), across the installation:
 * - A credential id belongs to one public key. Authenticators draw ids at random, and an id is seen
 *   by nobody before it is first registered, so the first key registered under it is its maker's; a
 *   later registration under another key is a relabelled copy, refused whether it proves possession
 *   (of its own key, which anyone can) or not.
 * - Once a registration of an id proved possession, another registration of it must prove it too:
 *   a replayed or forged copy of the owner's attestation (which needs no key) is refused.
 * A transaction-scoped advisory lock per id serializes concurrent registrations of the same id, so
 * two organizations cannot both pass the check at once.
 */
export async function requireNoShadowing(tx: Tx, organizationId: string, passkeys: NewPasskey[]) {
  const ids = [...new Set(passkeys.map((p) => p.credentialId))].sort();
  if (ids.length === 0) return;
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(id, 0)) from (select unnest(${sql.param(ids)}::text[]) as id order by id) as ids`,
  );
  const elsewhere = await tx
    .select({
      credentialId: authenticators.credentialId,
      publicKey: authenticators.publicKey,
      possessionProven: authenticators.possessionProven,
    })
    .from(authenticators)
    .where(and(inArray(authenticators.credentialId, ids), ne(authenticators.organizationId, organizationId)));
  for (const passkey of passkeys) {
    const copies = elsewhere.filter((row) => row.credentialId === passkey.credentialId);
    if (copies.some((row) => row.publicKey !== passkey.publicKey)) {
      throw new ApiError(
        "ALREADY_EXISTS",
        "AUTHENTICATOR_EXISTS",
        `${passkey.field}: credential id ${passkey.credentialId} is already registered with another public key; a credential id belongs to the one passkey that made it`,
      );
    }
    if (!passkey.possessionProven && copies.some((row) => row.possessionProven)) {
      throw new ApiError(
        "FAILED_PRECONDITION",
        "POSSESSION_NOT_PROVEN",
        `${passkey.field}: passkey ${passkey.credentialId} is registered elsewhere with proven possession; registering it again must prove possession too (a challenge from get_registration_challenge, signed by the passkey as possessionProof)`,
        { fieldViolations: [{ field: `${passkey.field}.challenge`, description: "possession not proven" }] },
      );
    }
  }
}
