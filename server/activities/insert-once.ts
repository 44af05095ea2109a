import { eq, getTableColumns, sql } from "drizzle-orm";
import { voteRecord } from "../audit/entries";
import { noteAuditRecord } from "../audit/pending";
import type { DbOrTx, Tx } from "../db/client";
import { typedPlaceholder } from "../db/placeholder-sql";
import { prebuilt } from "../db/prebuilt";
import { type ActivityRow, activities, type VoteRow, votes, walletAccounts, wallets } from "../db/schema";
import { newId } from "../ids";
import {
  ACCOUNT_READ,
  accountKey,
  accountSource,
  mayNameAccount,
  rememberSignerSource,
  walletSeed,
} from "../sign-with/signer-source";
import { anyActiveEndpoint, rememberListening } from "../webhooks/listening";
import { signWithOf } from "./define";
import { activityFingerprint } from "./fingerprint";
import { STATUS } from "./records";
import type { Submission } from "./submit";

/** The activity's columns a submission sets (the rest keep their defaults). */
const ACTIVITY_FIELDS = [
  "id",
  "organizationId",
  "type",
  "status",
  "intent",
  "fingerprint",
  "requestBody",
  "stampKind",
  "stamp",
  "callerUserId",
  "callerCredentialId",
  "timestampMs",
  "createdAt",
  "updatedAt",
] as const;

/** The activity inserted unless its fingerprint is known, and the vote inserted from its RETURNING. */
function insertCtes(db: DbOrTx) {
  const inserted = db.$with("inserted").as(
    db
      .insert(activities)
      .values(
        Object.fromEntries(
          ACTIVITY_FIELDS.map((field) => [field, sql.placeholder(`activity_${field}`)]),
        ) as never,
      )
      .onConflictDoNothing({ target: activities.fingerprint })
      .returning(),
  );
  const columns = Object.entries(getTableColumns(votes)).map(([key, column]) =>
    typedPlaceholder(`vote_${key}`, column),
  );
  const voted = db.$with("voted").as(
    db
      .insert(votes)
      .select(sql`select ${sql.join(columns, sql`, `)} from ${inserted}`)
      .returning({ id: votes.id }),
  );
  return { inserted, voted };
}

/** Whether the organization has a webhook endpoint, for the activity's status change (listening.ts). */
const listening = anyActiveEndpoint(sql.placeholder("activity_organizationId"));

/**
 * Both inserts in one statement, built once (prebuilt.ts), `activity_<field>` and `vote_<column>`
 * its values.
 */
const insertWithVote = prebuilt((db) => {
  const { inserted, voted } = insertCtes(db);
  return db
    .with(inserted, voted)
    .select({ inserted: inserted._.selectedFields, voted: voted._.selectedFields, listening })
    .from(inserted)
    .leftJoin(voted, sql`true`);
});

/**
 * The same, reading in that statement the wallet account the activity signs with (`account_signWith`
 * in `account_organizationId`), with its wallet and sealed rows, as findSignerSource would: the
 * policy round and the signer then find it without a round trip of their own. The lowest account id
 * when several share the address, as findSignerSource answers.
 */
const insertWithVoteAndAccount = prebuilt((db) => {
  const { inserted, voted } = insertCtes(db);
  return db
    .with(inserted, voted)
    .select({
      inserted: inserted._.selectedFields,
      voted: voted._.selectedFields,
      listening,
      ...ACCOUNT_READ.fields,
    })
    .from(inserted)
    .leftJoin(voted, sql`true`)
    .leftJoin(
      walletAccounts,
      ACCOUNT_READ.named(sql.placeholder("account_organizationId"), sql.placeholder("account_signWith")),
    )
    .leftJoin(wallets, ACCOUNT_READ.wallet)
    .leftJoin(accountKey, ACCOUNT_READ.accountKey)
    .leftJoin(walletSeed, ACCOUNT_READ.walletSeed)
    .orderBy(ACCOUNT_READ.first)
    .limit(1);
});

/** The submission's activity (as created, before any decision) and the requester's approving vote. */
export function submissionRecords(
  submission: Submission,
  now: Date,
): { activity: Record<(typeof ACTIVITY_FIELDS)[number], unknown>; vote: VoteRow } {
  const { request, caller, rawBody } = submission;
  const activityId = newId(now.getTime());
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
  const activity: Record<(typeof ACTIVITY_FIELDS)[number], unknown> = {
    id: activityId,
    organizationId: request.organizationId,
    type: request.type,
    status: STATUS.created,
    intent: submission.params as object,
    fingerprint: activityFingerprint(rawBody),
    requestBody: rawBody,
    stampKind: caller.stamp.kind,
    stamp: caller.stamp.header,
    callerUserId: caller.user.id,
    callerCredentialId: caller.credential.id,
    timestampMs: request.timestampMs,
    createdAt: now,
    updatedAt: now,
  };
  return { activity, vote };
}

/** The requester's vote in the trail: its stamp header is kept there (votes keep only its signature). */
export function noteSubmissionVote(tx: Tx, vote: VoteRow, caller: Submission["caller"]): void {
  noteAuditRecord(
    tx,
    voteRecord({
      ...vote,
      stampKind: caller.stamp.kind,
      stamp: caller.stamp.header,
      credential: caller.credential,
    }),
  );
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
  const { request } = submission;
  const { activity, vote } = submissionRecords(submission, now);
  const fingerprint = activity.fingerprint as string;
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(activity)) values[`activity_${key}`] = value;
  for (const [key, value] of Object.entries(vote)) values[`vote_${key}`] = value;
  // An activity that signs with an address reads its account in the same statement.
  const signWith = signWithOf(submission.definition, submission.params);
  let row: { inserted: ActivityRow; voted: { id: string } | null; listening: boolean } | undefined;
  if (signWith !== undefined && mayNameAccount(signWith)) {
    values.account_organizationId = request.organizationId;
    values.account_signWith = signWith;
    const [read] = await insertWithVoteAndAccount.run(tx, values);
    if (read?.account) {
      rememberSignerSource(
        tx,
        request.organizationId,
        signWith,
        accountSource({ ...read, account: read.account }),
      );
    }
    row = read;
  } else {
    [row] = await insertWithVote.run(tx, values);
  }
  if (row) {
    rememberListening(tx, row.listening);
    if (row.voted?.id !== vote.id)
      throw new Error("the submission's vote was not recorded with its activity");
    noteSubmissionVote(tx, vote, submission.caller);
    return { row: row.inserted, fresh: true, vote };
  }
  const [existing] = await tx.select().from(activities).where(eq(activities.fingerprint, fingerprint));
  return { row: existing!, fresh: false };
}
