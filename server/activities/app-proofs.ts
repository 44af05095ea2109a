import { asc, inArray } from "drizzle-orm";
import type { TAppProof } from "@/lib/api/activity";
import type { AppContext } from "../context";
import { signAppProof } from "../crypto/app-proof";
import type { DbOrTx, Tx } from "../db/client";
import { type ActivityRow, appProofs } from "../db/schema";
import { newId } from "../ids";

/**
 * generateAppProofs: the flag is read from the stored signed body, so an activity completed later by
 * an approving vote gets its proof too without the pipeline carrying the flag around.
 */
export function wantsAppProofs(row: Pick<ActivityRow, "requestBody">): boolean {
  // Most bodies lack the flag, and one that cannot hold it is not parsed: JSON spells a key with its
  // letters or with \u escapes, so a body with neither lacks it.
  const body = row.requestBody;
  if (!body.includes("generateAppProofs") && !body.includes("\\u")) return false;
  try {
    return (JSON.parse(row.requestBody) as { generateAppProofs?: unknown }).generateAppProofs === true;
  } catch {
    return false;
  }
}

/** Sign and keep the proof of a just-completed activity, in its own transaction. */
export async function recordAppProofs(app: AppContext, tx: Tx, row: ActivityRow, now: Date): Promise<void> {
  if (row.status !== "ACTIVITY_STATUS_COMPLETED" || !wantsAppProofs(row)) return;
  const proof = signAppProof(app.serverKey, { ...row, result: row.result ?? {} }, now);
  await tx.insert(appProofs).values({
    id: newId(now.getTime()),
    activityId: row.id,
    organizationId: row.organizationId,
    ...proof,
    createdAt: now,
  });
}

/** The proofs of these activities, by activity id, in the order they were made. */
export async function loadAppProofs(db: DbOrTx, activityIds: string[]): Promise<Map<string, TAppProof[]>> {
  const byActivity = new Map<string, TAppProof[]>();
  if (activityIds.length === 0) return byActivity;
  const rows = await db
    .select()
    .from(appProofs)
    .where(inArray(appProofs.activityId, activityIds))
    .orderBy(asc(appProofs.id));
  for (const row of rows) {
    const list = byActivity.get(row.activityId) ?? [];
    list.push({
      scheme: "SIGNATURE_SCHEME_EPHEMERAL_KEY_P256",
      publicKey: row.publicKey,
      proofPayload: row.proofPayload,
      signature: row.signature,
    });
    byActivity.set(row.activityId, list);
  }
  return byActivity;
}
