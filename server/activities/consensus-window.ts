/**
 * Votes on an activity awaiting consensus are taken for 24 hours after it was submitted (README:
 * "Rules worth knowing"); after that the next vote fails it with CONSENSUS_EXPIRED, and nobody is
 * offered a vote (canApprove / canReject are false).
 */
export const CONSENSUS_WINDOW_MS = 24 * 3600 * 1000;

export function votingOpen(submittedAt: Date, now: Date): boolean {
  return now.getTime() - submittedAt.getTime() <= CONSENSUS_WINDOW_MS;
}
