import type { TActivity } from "@/lib/api/activity";

const BOOTSTRAPPED_BY: Record<string, string> = { FIRST_RUN: "first-run setup", CLI: "latchkey CLI" };

/**
 * Who submitted an activity: the submitter's own approval is always its first vote. The bootstrap
 * activity has no signer; its intent says how the organization was made instead.
 */
export function submitterOf(activity: TActivity): string {
  const first = activity.votes[0];
  if (first) return first.user.userName;
  const bootstrap = activity.intent.createOrganizationIntent as { createdBy?: string } | undefined;
  return BOOTSTRAPPED_BY[bootstrap?.createdBy ?? ""] ?? "—";
}
