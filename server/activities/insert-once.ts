import { eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import { voteRecord } from "../audit/entries";
import { noteAuditRecord } from "../audit/pending";
import type { Tx } from "../db/client";
import { type ActivityRow, activities, type VoteRow, votes } from "../db/schema";
import { newId } from "../ids";
import { activityFingerprint } from "./fingerprint";
import { STATUS } from "./records";
import type { Submission } from "./submit";

/** `value` typed as its column, for a SELECT list feeding an INSERT (an untyped parameter would be text). */
function typed(value: unknown, column: PgColumn): SQL {
  return sql`cast(${sql.param(value, column)} as ${sql.raw(column.getSQLType())})`;
}

/**
 * Insert the activity once per signed body, and with it the requester's own approving vote, in
 * one statement: the vote is inserted from the activity's RETURNING, so a body already recorded
 * (the unique fingerprint turns the insert into nothing) adds no vote. The same body again finds
 * the first activity (one more read, on that path only).
 */
export async function insertOnce(
  tx: Tx,
  submission: Submission,
  now: Date,
): Promise<{ row: ActivityRow; fresh: true; vote: VoteRow } | { row: ActivityRow; fresh: false }> {
  const { request, caller, rawBody } = submission;
  const fingerprint = activityFingerprint(rawBody);
  const activityId = newId(now.getTime());
  const inserted = tx.$with("inserted").as(
    tx
      .insert(activities)
      .values({
        id: activityId,
        organizationId: request.organizationId,
        type: request.type,
        status: STATUS.created,
        intent: submission.params as object,
        fingerprint,
        requestBody: rawBody,
        stampKind: caller.stamp.kind,
        stamp: caller.stamp.header,
        callerUserId: caller.user.id,
        callerCredentialId: caller.credential.id,
        timestampMs: request.timestampMs,
        createdAt: now,
        updatedAt: now,
      })
      .onConflictDoNothing({ target: activities.fingerprint })
      .returning(),
  );
  const vote: VoteRow = {
    id: newId(now.getTime()),
    activityId,
    organizationId: request.organizationId,
    userId: caller.user.id,
    selection: "VOTE_SELECTION_APPROVED",
    message: rawBody,
    publicKey: caller.credential.publicKey,
    signature: caller.stamp.signature,
    scheme: caller.stamp.scheme,
    createdAt: now,
  };
  const columns = Object.entries(getTableColumns(votes)).map(([key, column]) =>
    typed(vote[key as keyof VoteRow], column),
  );
  const voted = tx.$with("voted").as(
    tx
      .insert(votes)
      .select(sql`select ${sql.join(columns, sql`, `)} from ${inserted}`)
      .returning({ id: votes.id }),
  );
  const [row] = await tx.with(inserted, voted).select().from(inserted).leftJoin(voted, sql`true`);
  if (row) {
    if (row.voted?.id !== vote.id)
      throw new Error("the submission's vote was not recorded with its activity");
    // The stamp header is kept in the trail (votes keep only its signature), so it can be re-verified.
    noteAuditRecord(
      tx,
      voteRecord({
        ...vote,
        stampKind: caller.stamp.kind,
        stamp: caller.stamp.header,
        credential: caller.credential,
      }),
    );
    return { row: row.inserted, fresh: true, vote };
  }
  const [existing] = await tx.select().from(activities).where(eq(activities.fingerprint, fingerprint));
  return { row: existing!, fresh: false };
}
