import { asc, inArray } from "drizzle-orm";
import { type TActivity, type TActivityStatus, ZActivity } from "@/lib/api/activity";
import { toTimestamp } from "@/lib/api/common";
import type { TUser } from "@/lib/api/users";
import type { Reader } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import { type ActivityRow, type VoteRow, votes } from "../db/schema";
import { BOOTSTRAP_ACTIVITY } from "../organizations/record-bootstrap";
import { loadUsers } from "../users/render";
import { loadAppProofs, wantsAppProofs } from "./app-proofs";
import { votingOpen } from "./consensus-window";
import { activityByType } from "./index";

/**
 * Whether `viewer` may still cast a vote on the activity: a root user, or a user a pending policy's
 * consensus counts (noted at the last evaluation round), who has not voted yet, while votes are
 * still taken (CONSENSUS_WINDOW_MS).
 */
export function mayVote(
  row: ActivityRow,
  rowVotes: VoteRow[],
  viewer: Reader | undefined,
  now: Date,
): boolean {
  if (!viewer || row.status !== "ACTIVITY_STATUS_CONSENSUS_NEEDED") return false;
  if (!votingOpen(row.createdAt, now)) return false;
  if (viewer.organization.id !== row.organizationId) return false;
  if (!viewer.isRoot && !row.policyVoterIds.includes(viewer.user.id)) return false;
  return !rowVotes.some((v) => v.userId === viewer.user.id);
}

/** The activity envelope exactly as the official clients parse it. */
export async function renderActivity(
  db: DbOrTx,
  row: ActivityRow,
  viewer?: Reader,
  now: Date = new Date(),
  /** All of the activity's votes when the caller holds them (a submission's own): not read again. */
  knownVotes?: VoteRow[],
  /** Their voters, when read already (with the submission's status update). */
  knownVoters?: TUser[],
): Promise<TActivity> {
  if (knownVotes) {
    const voters =
      knownVoters ?? (await loadUsers(db, row.organizationId, [...new Set(knownVotes.map((v) => v.userId))]));
    const [activity] = await withAppProofs(db, [row], [envelope(row, knownVotes, voters, viewer, now)]);
    return activity!;
  }
  const [activity] = await renderActivities(db, [row], viewer, now);
  return activity!;
}

/**
 * Envelopes for activities of one organization, with two queries for all their votes and voters
 * however many there are (a page of list_activities must not cost a query per row).
 */
export async function renderActivities(
  db: DbOrTx,
  rows: ActivityRow[],
  viewer?: Reader,
  now: Date = new Date(),
): Promise<TActivity[]> {
  if (rows.length === 0) return [];
  const allVotes = await db
    .select()
    .from(votes)
    .where(
      inArray(
        votes.activityId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(votes.id));
  const voters = await loadUsers(db, rows[0]!.organizationId, [...new Set(allVotes.map((v) => v.userId))]);
  return withAppProofs(
    db,
    rows,
    rows.map((row) =>
      envelope(
        row,
        allVotes.filter((v) => v.activityId === row.id),
        voters,
        viewer,
        now,
      ),
    ),
  );
}

/** Each completed activity that asked for proofs carries them (one query, none if nobody asked). */
async function withAppProofs(db: DbOrTx, rows: ActivityRow[], rendered: TActivity[]): Promise<TActivity[]> {
  const proofs = await loadAppProofs(
    db,
    rows.filter((r) => r.status === "ACTIVITY_STATUS_COMPLETED" && wantsAppProofs(r)).map((r) => r.id),
  );
  return rendered.map((activity, i) => {
    const appProofs = proofs.get(rows[i]!.id);
    return appProofs ? { ...activity, appProofs } : activity;
  });
}

function envelope(
  row: ActivityRow,
  rowVotes: VoteRow[],
  voters: Awaited<ReturnType<typeof loadUsers>>,
  viewer: Reader | undefined,
  now: Date,
): TActivity {
  const definition: { intentKey: string; resultKey: string } | undefined =
    row.type === BOOTSTRAP_ACTIVITY.type ? BOOTSTRAP_ACTIVITY : activityByType(row.type);
  const intentKey = definition?.intentKey ?? "intent";
  const resultKey = definition?.resultKey ?? "result";
  const canVote = mayVote(row, rowVotes, viewer, now);
  const activity: TActivity = {
    id: row.id,
    organizationId: row.organizationId,
    status: row.status as TActivityStatus,
    type: row.type,
    intent: { [intentKey]: row.intent },
    result: row.result === null ? {} : { [resultKey]: row.result },
    votes: rowVotes.flatMap((v) => {
      const user = voters.find((u) => u.userId === v.userId);
      if (!user) return [];
      return [
        {
          id: v.id,
          userId: v.userId,
          user,
          activityId: v.activityId,
          selection: v.selection as "VOTE_SELECTION_APPROVED" | "VOTE_SELECTION_REJECTED",
          message: v.message,
          publicKey: v.publicKey,
          signature: v.signature,
          scheme: v.scheme,
          createdAt: toTimestamp(v.createdAt),
        },
      ];
    }),
    fingerprint: row.fingerprint,
    canApprove: canVote,
    canReject: canVote,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    ...(row.failure ? { failure: row.failure as TActivity["failure"] } : {}),
  };
  // The last guard: nothing leaves that the schema does not name.
  return ZActivity.parse(activity);
}
