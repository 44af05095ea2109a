import { canonicalJson, sha256Hex } from "./hash";

/**
 * The records as the API serves them now, against what the chain recorded: an activity against its
 * last ACTIVITY entry, each of its votes against its VOTE entry. An edit made in the activities or
 * votes table after the fact shows here, since the chain's copy is what the hashes protect.
 */

export interface LiveActivity {
  id: string;
  status: string;
  fingerprint: string;
  /** The stored result (the value under result.<resultKey>), null while there is none. */
  result: unknown;
  votes: { id: string; selection: string; message: string }[];
}

export interface Recorded {
  seq: string;
  payload: Record<string, unknown>;
}

export type LiveMismatch = {
  seq: string | null;
  kind: "ACTIVITY" | "VOTE";
  recordId: string;
  reason: string;
};

export function liveMismatch(
  live: LiveActivity,
  lastState: Map<string, Recorded>,
  votes: Map<string, Recorded>,
): LiveMismatch | null {
  const state = lastState.get(live.id);
  if (!state)
    return {
      seq: null,
      kind: "ACTIVITY",
      recordId: live.id,
      reason: `activity ${live.id} is not in the chain`,
    };
  const { payload } = state;
  const resultSha256 = live.result === null ? null : sha256Hex(canonicalJson(live.result));
  if (
    payload.status !== live.status ||
    payload.fingerprint !== live.fingerprint ||
    payload.resultSha256 !== resultSha256
  ) {
    return {
      seq: state.seq,
      kind: "ACTIVITY",
      recordId: live.id,
      reason:
        "the activity as served now differs from its last state in the chain (status, request or result)",
    };
  }
  for (const vote of live.votes) {
    const recorded = votes.get(vote.id);
    if (!recorded)
      return { seq: null, kind: "VOTE", recordId: vote.id, reason: `vote ${vote.id} is not in the chain` };
    if (recorded.payload.selection !== vote.selection || recorded.payload.request !== vote.message) {
      return {
        seq: recorded.seq,
        kind: "VOTE",
        recordId: vote.id,
        reason: "the vote as served now differs from the chain (selection or signed request)",
      };
    }
  }
  return null;
}
