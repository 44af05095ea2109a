import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { z } from "zod";
import type { ZSecretMetadata } from "@/lib/api/secrets";
import type { DbOrTx } from "../db/client";
import { type SecretRow, secrets } from "../db/schema";
import { ApiError, notFound } from "../errors";

/** Secrets' metadata: names, static properties, when. The secret itself is the signer's (sealed). */

/** Refuse names repeated in the request or already taken in the organization. */
export async function checkSecretNames(
  db: DbOrTx,
  organizationId: string,
  names: (string | undefined)[],
): Promise<void> {
  const seen = new Set<string>();
  for (const [i, name] of names.entries()) {
    if (name === undefined) continue;
    if (seen.has(name)) {
      throw new ApiError("INVALID_ARGUMENT", "SECRET_NAME_TAKEN", `secrets[${i}].name repeats "${name}"`, {
        fieldViolations: [{ field: `parameters.secrets[${i}].name`, description: "repeats an earlier name" }],
      });
    }
    seen.add(name);
  }
  if (seen.size === 0) return;
  const [taken] = await db
    .select({ name: secrets.name })
    .from(secrets)
    .where(
      and(
        eq(secrets.organizationId, organizationId),
        isNotNull(secrets.name),
        inArray(secrets.name, [...seen]),
      ),
    )
    .limit(1);
  if (taken) {
    throw new ApiError(
      "ALREADY_EXISTS",
      "SECRET_NAME_TAKEN",
      `a secret named "${taken.name}" already exists in this organization`,
    );
  }
}

/** The organization's secrets with these ids, in the order asked; the first unknown id is a 404. */
export async function findSecrets(db: DbOrTx, organizationId: string, ids: string[]): Promise<SecretRow[]> {
  const rows = await db
    .select()
    .from(secrets)
    .where(and(eq(secrets.organizationId, organizationId), inArray(secrets.id, ids)));
  return ids.map((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) throw notFound("secret", id);
    return row;
  });
}

export function renderSecret(row: SecretRow): z.infer<typeof ZSecretMetadata> {
  return {
    secretId: row.id,
    ...(row.name === null ? {} : { name: row.name }),
    staticProperties: row.staticProperties,
    createdAtUnixMs: String(row.createdAt.getTime()),
  };
}
