import { asc, eq, getTableColumns, sql } from "drizzle-orm";
import { evaluationRecord, voteRecord } from "../audit/entries";
import { deferInsert, deferStatus, noteAuditRecord } from "../audit/pending";
import type { Caller } from "../auth/caller";
import type { Tx } from "../db/client";
import { placeholderInsert, typedPlaceholder } from "../db/placeholder-sql";
import { prebuilt, prebuiltPerShape } from "../db/prebuilt";
import { type ActivityRow, activities, policyEvaluations, type VoteRow, votes } from "../db/schema";
import { newId } from "../ids";
import { renderUsersJson, usersJson } from "../users/render";
import { emitActivityStatus } from "../webhooks/domain-events";
import { anyActiveEndpoint, mayBeListening } from "../webhooks/listening";
import { votersRead, votersToRead } from "./status-voters";

/**
 * A JSON value as the database keeps it and a later read returns it: JSON's values (jsonb keeps
 * those), and every object's keys in jsonb's order — shorter keys first, keys of one length by
 * their UTF-8 bytes — so an answer made from it is the same bytes as a later read.
 */
export const asStored = <T>(value: T): T => inJsonbOrder(JSON.parse(JSON.stringify(value) ?? "null")) as T;

const jsonbKeyOrder = (a: string, b: string) =>
  Buffer.byteLength(a) - Buffer.byteLength(b) || Buffer.compare(Buffer.from(a), Buffer.from(b));

function inJsonbOrder(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(inJsonbOrder);
  if (value === null || typeof value !== "object") return value;
  const ordered: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort(jsonbKeyOrder)) {
    // Defined, not assigned: a "__proto__" key stays a key, as JSON.parse made it.
    Object.defineProperty(ordered, key, {
      value: inJsonbOrder((value as Record<string, unknown>)[key]),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return ordered;
}

export const STATUS = {
  created: "ACTIVITY_STATUS_CREATED",
  completed: "ACTIVITY_STATUS_COMPLETED",
  consensus: "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  failed: "ACTIVITY_STATUS_FAILED",
  rejected: "ACTIVITY_STATUS_REJECTED",
  /** Held by the submitter's MFA policy until they authenticate further (server/mfa/gate.ts). */
  authenticators: "ACTIVITY_STATUS_AUTHENTICATORS_NEEDED",
} as const;

/** Record the signed request that cast a vote: who, what they chose, and the stamp that proves it. */
export async function recordVote(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  rawBody: string,
  approve: boolean,
  now: Date,
): Promise<string> {
  return (await insertVote(tx, activity, caller, rawBody, approve, now)).id;
}

/** recordVote, answering the stored row (for rendering without reading it back). */
export async function insertVote(
  tx: Tx,
  activity: ActivityRow,
  caller: Caller,
  rawBody: string,
  approve: boolean,
  now: Date,
): Promise<VoteRow> {
  const [row] = await tx
    .insert(votes)
    .values({
      id: newId(now.getTime()),
      activityId: activity.id,
      organizationId: activity.organizationId,
      userId: caller.user.id,
      selection: approve ? "VOTE_SELECTION_APPROVED" : "VOTE_SELECTION_REJECTED",
      message: rawBody,
      publicKey: caller.credential.publicKey,
      signature: caller.stamp.signature,
      scheme: caller.stamp.scheme,
      createdAt: now,
    })
    .returning();
  // The stamp header is kept in the trail (votes keep only its signature), so it can be re-verified.
  noteAuditRecord(
    tx,
    voteRecord({
      ...row!,
      stampKind: caller.stamp.kind,
      stamp: caller.stamp.header,
      credential: caller.credential,
    }),
  );
  return row!;
}

/** Users who approved the activity so far, the requester first. */
export async function approvingUsers(tx: Tx, activityId: string): Promise<string[]> {
  const rows = await tx.select().from(votes).where(eq(votes.activityId, activityId)).orderBy(asc(votes.id));
  return rows.filter((v) => v.selection === "VOTE_SELECTION_APPROVED").map((v) => v.userId);
}

const EVALUATION_COLUMNS = [
  "id",
  "activityId",
  "organizationId",
  "voteId",
  "policyEvaluations",
  "outcome",
  "decidingPolicyIds",
  "createdAt",
] as const;

/** One evaluation round as get_policy_evaluations shows it, tied to the vote that caused it. */
export async function recordEvaluation(
  tx: Tx,
  activity: ActivityRow,
  round: {
    voteId: string;
    outcome: string;
    evaluations: { policyId?: string; outcome: string }[];
    decidingPolicyIds: string[];
  },
  now: Date,
): Promise<void> {
  const values = {
    id: newId(now.getTime()),
    activityId: activity.id,
    organizationId: activity.organizationId,
    voteId: round.voteId,
    policyEvaluations: round.evaluations,
    outcome: round.outcome,
    decidingPolicyIds: round.decidingPolicyIds,
    createdAt: now,
  };
  // Nothing reads a round back before the commit: its insert rides in the audit append's statement.
  deferInsert(
    tx,
    {
      shape: "evaluation",
      build: (prefix) => placeholderInsert(policyEvaluations, EVALUATION_COLUMNS, prefix),
      values,
    },
    evaluationRecord(values),
  );
}

/** The shape of a status update: the fields given values, the fields cleared, the voters read. */
interface StatusShape {
  fields: string[];
  cleared: string[];
  voterCount: number | undefined;
}

/** Status updates by shape, each built once (prebuilt.ts). */
const statusUpdate = prebuiltPerShape(
  buildStatusUpdate,
  ({ fields, cleared, voterCount }: StatusShape) => `${fields}|${cleared}|${voterCount ?? "-"}`,
);

function buildStatusUpdate({ fields, cleared, voterCount }: StatusShape) {
  const voterIds = Array.from({ length: voterCount ?? 0 }, (_, i) => sql.placeholder(`voter_${i}`));
  return prebuilt((db) =>
    db
      .update(activities)
      .set({
        ...Object.fromEntries(fields.map((field) => [field, sql.placeholder(`set_${field}`)])),
        ...Object.fromEntries(cleared.map((field) => [field, null])),
      })
      .where(eq(activities.id, sql.placeholder("id")))
      .returning({
        ...getTableColumns(activities),
        listened: anyActiveEndpoint(activities.organizationId),
        voters:
          voterCount === undefined
            ? sql<null>`null`
            : usersJson(sql.placeholder("voters_organizationId") as never, voterIds as never[]),
      }),
  );
}

export async function setStatus(tx: Tx, id: string, values: Partial<ActivityRow>): Promise<ActivityRow> {
  // Whether the organization has an active webhook endpoint comes back with the update itself (same
  // statement, same snapshot): most have none, and then telling them costs no further round trip.
  // So do a submission's voters, when it asked for them (status-voters.ts).
  const voters = votersToRead(tx);
  const set = values as Record<string, unknown>;
  // A field left undefined is not set at all, as Drizzle's .set() does; one set to null is cleared
  // in the statement's text (SQL NULL: a column's encoder would turn a null value into JSON's null).
  const given = Object.keys(set)
    .filter((field) => set[field] !== undefined)
    .sort();
  const fields = given.filter((field) => set[field] !== null);
  const cleared = given.filter((field) => set[field] === null);
  const placeholders: Record<string, unknown> = { id };
  for (const field of fields) placeholders[`set_${field}`] = set[field];
  if (voters) {
    placeholders.voters_organizationId = voters.organizationId;
    voters.userIds.forEach((userId, i) => {
      placeholders[`voter_${i}`] = userId;
    });
  }
  const [updated] = await statusUpdate({ fields, cleared, voterCount: voters?.userIds.length }).run(
    tx,
    placeholders,
  );
  const { listened, voters: users, ...row } = updated!;
  if (voters) votersRead(tx, renderUsersJson(users ?? []));
  // A status change is a webhook event, committed with the change itself.
  if (values.status && listened) await emitActivityStatus(tx, row.updatedAt, row);
  return row;
}

/** What a fresh submission ends in: completed with its result, or failed with why. */
export type SettledValues =
  | { status: typeof STATUS.completed; result: object; updatedAt: Date }
  | { status: typeof STATUS.failed; failure: object; updatedAt: Date };

/**
 * setStatus for the last status of a fresh submission, the transaction's audit append still to
 * come: the UPDATE rides in the append's statement (audit/pending.ts), one round trip fewer. The
 * row it leaves is known without reading it back — the inserted row with these values, the JSON
 * passed through its text as the database stores it — so the trail's digest of the result and the
 * answer are what any later read sees. The voters the submission asked for are read in the
 * append's statement too; whether webhooks listen, with the activity's insert (insert-once.ts).
 */
export function settleStatus(tx: Tx, row: ActivityRow, values: SettledValues): ActivityRow {
  const json =
    "result" in values ? { result: asStored(values.result) } : { failure: asStored(values.failure) };
  const settled: ActivityRow = { ...row, ...json, status: values.status, updatedAt: values.updatedAt };
  const jsonColumn = "result" in json ? "result" : "failure";
  const voters = votersToRead(tx);
  const voterCount = voters?.userIds.length;
  const reads: Record<string, unknown> = { organizationId: row.organizationId };
  voters?.userIds.forEach((userId, i) => {
    reads[`voter_${i}`] = userId;
  });
  deferStatus(tx, {
    update: {
      shape: `status:${jsonColumn}`,
      build: (prefix) =>
        sql`(update ${activities} set ${sql.identifier(activities.status.name)} = ${typedPlaceholder(`${prefix}status`, activities.status)},
          ${sql.identifier(activities[jsonColumn].name)} = ${typedPlaceholder(`${prefix}json`, activities[jsonColumn])},
          ${sql.identifier(activities.updatedAt.name)} = ${typedPlaceholder(`${prefix}updatedAt`, activities.updatedAt)}
          where ${sql.identifier(activities.id.name)} = ${typedPlaceholder(`${prefix}id`, activities.id)})`,
      values: { status: values.status, json: settled[jsonColumn], updatedAt: values.updatedAt, id: row.id },
    },
    reads: {
      shape: `reads:${voterCount ?? "-"}`,
      build: (prefix) => {
        const organizationId = sql.placeholder(`${prefix}organizationId`);
        const voterIds = Array.from({ length: voterCount ?? 0 }, (_, i) =>
          sql.placeholder(`${prefix}voter_${i}`),
        );
        return sql`${voterCount === undefined ? sql`null` : usersJson(organizationId as never, voterIds as never[])} as voters`;
      },
      values: reads,
    },
    // A status change is a webhook event, committed with the change itself: recorded before the
    // append, which may be the transaction's commit. Whether anyone listens was read with the insert.
    async beforehand() {
      if (mayBeListening(tx)) await emitActivityStatus(tx, settled.updatedAt, settled);
    },
    afterward({ voters: users }) {
      if (voters) votersRead(tx, renderUsersJson(users ?? []));
    },
  });
  return settled;
}
