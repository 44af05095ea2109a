import type { TAuditCheckpoint, TAuditEntry } from "../api/audit-chain";
import { chainHash, GENESIS_HASH, sha256Hex } from "./hash";
import { verifyAuditCheckpoint } from "./verify-checkpoint";
import { type LiveActivity, liveMismatch, type Recorded } from "./verify-live";
import { stampProblem } from "./verify-stamp";

/**
 * The audit chain's check from what the API returns alone (docs/audit-chain.md): links and hashes,
 * the stamps inside the entries, the checkpoints' signatures, and the live activities against their
 * last recorded state. It stops at the first entry that does not match and names it. Isomorphic:
 * `latchkey audit verify` and the dashboard's Verify audit trail run this same code.
 */

export interface ChainDocument {
  organizationId: string;
  entries: TAuditEntry[];
  checkpoints: TAuditCheckpoint[];
  headCheckpoint: TAuditCheckpoint;
  /** The live activities and their votes (list_activities). */
  activities?: LiveActivity[];
}

export type ChainVerdict =
  | { ok: true; entries: number; checkpoints: number; stamps: number }
  | { ok: false; seq: string | null; kind?: string; recordId?: string; reason: string };

type Payload = Record<string, unknown>;

/**
 * The stamps: a vote's against the credential recorded with it; an activity's must be its
 * submitter's vote (the submission records it, same body and stamp, earlier in the same append).
 */
function stampCheck(entry: TAuditEntry, payload: Payload, firstVotes: Map<string, Payload>): string | null {
  const { stampKind, stamp, request } = payload as Record<string, string>;
  if (entry.kind === "VOTE") {
    if (!firstVotes.has(entry.activityId)) firstVotes.set(entry.activityId, payload);
    return stampProblem(stampKind!, stamp!, request!, String(payload.credentialPublicKey));
  }
  if (stampKind?.startsWith("BOOTSTRAP_")) return stamp === "" ? null : "a bootstrap carries no stamp";
  const vote = firstVotes.get(entry.activityId);
  if (!vote) return "no vote of its submitter precedes the activity in the chain";
  if (vote.request !== request || vote.stamp !== stamp || vote.userId !== payload.userId) {
    return "the activity's request or stamp is not its submitter's vote";
  }
  return null;
}

function entryProblem(entry: TAuditEntry, payload: Payload, organizationId: string): string | null {
  if (payload.organizationId !== organizationId) return "payload names another organization";
  if (payload.kind !== entry.kind)
    return `payload kind ${String(payload.kind)} is not the entry's ${entry.kind}`;
  if (payload.activityId !== entry.activityId) return "payload names another activity";
  const id = { ACTIVITY: payload.activityId, VOTE: payload.voteId, EVALUATION: payload.evaluationId }[
    entry.kind
  ];
  if (id !== entry.recordId) return "payload names another record";
  if (entry.kind === "ACTIVITY" && payload.fingerprint !== `sha256:${sha256Hex(String(payload.request))}`) {
    return "fingerprint is not the SHA-256 of the recorded request";
  }
  if (entry.kind === "VOTE") {
    // A submission is its submitter's approval; a vote's own request says which way it went.
    let type: unknown;
    try {
      type = (JSON.parse(String(payload.request)) as { type?: unknown }).type;
    } catch {
      return "the vote's request is not JSON";
    }
    const selection =
      type === "ACTIVITY_TYPE_REJECT_ACTIVITY" ? "VOTE_SELECTION_REJECTED" : "VOTE_SELECTION_APPROVED";
    if (payload.selection !== selection) return "the vote's selection is not what its signed request asked";
  }
  return null;
}

export function verifyChain(doc: ChainDocument, pinnedServerKey: string): ChainVerdict {
  let previous = GENESIS_HASH;
  let stamps = 0;
  const firstVotes = new Map<string, Payload>();
  const hashAt = new Map<string, string>();
  const lastState = new Map<string, Recorded>();
  const votes = new Map<string, Recorded>();
  for (const [index, entry] of doc.entries.entries()) {
    const fail = (reason: string): ChainVerdict => ({
      ok: false,
      seq: entry.seq,
      kind: entry.kind,
      recordId: entry.recordId,
      reason,
    });
    if (entry.seq !== String(index + 1)) return fail(`expected entry ${index + 1} here: an entry is missing`);
    if (entry.previousHash !== previous) return fail("previousHash is not the hash of the entry before");
    if (chainHash(previous, entry.payload) !== entry.hash) return fail("hash does not match its payload");
    let payload: Payload;
    try {
      payload = JSON.parse(entry.payload) as Payload;
    } catch {
      return fail("payload is not JSON");
    }
    const problem = entryProblem(entry, payload, doc.organizationId);
    if (problem) return fail(problem);
    if (entry.kind !== "EVALUATION") {
      const stamp = stampCheck(entry, payload, firstVotes);
      if (stamp) return fail(stamp);
      if (entry.kind === "VOTE") stamps++;
    }
    if (entry.kind === "ACTIVITY") lastState.set(entry.activityId, { seq: entry.seq, payload });
    if (entry.kind === "VOTE") votes.set(entry.recordId, { seq: entry.seq, payload });
    if (entry.kind === "EVALUATION" && !votes.has(String(payload.voteId))) {
      return fail("the vote that caused this round is not earlier in the chain");
    }
    hashAt.set(entry.seq, entry.hash);
    previous = entry.hash;
  }
  const checkpoints = [...doc.checkpoints, doc.headCheckpoint];
  for (const checkpoint of checkpoints) {
    const verdict = verifyAuditCheckpoint(checkpoint, pinnedServerKey);
    if (!verdict.ok) return { ok: false, seq: checkpoint.seq, reason: verdict.reason };
    const { head } = verdict;
    const recorded = head.seq === 0 ? GENESIS_HASH : hashAt.get(String(head.seq));
    if (head.organizationId !== doc.organizationId || recorded !== head.hash) {
      return {
        ok: false,
        seq: String(head.seq),
        reason: "a signed checkpoint does not match the chain at its entry",
      };
    }
  }
  const last = doc.entries.at(-1)?.seq ?? "0";
  if (doc.headCheckpoint.seq !== last) {
    return {
      ok: false,
      seq: last,
      reason: `the signed head is entry ${doc.headCheckpoint.seq}, the chain ends at ${last}`,
    };
  }
  for (const live of doc.activities ?? []) {
    const mismatch = liveMismatch(live, lastState, votes);
    if (mismatch) return { ok: false, ...mismatch };
  }
  return { ok: true, entries: doc.entries.length, checkpoints: checkpoints.length, stamps };
}
