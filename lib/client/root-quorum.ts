/** A root quorum being edited: who is a root user, and how many of them must approve. */
export interface QuorumDraft {
  userIds: string[];
  threshold: number;
}

/**
 * What is wrong with a draft before it is submitted, in words for the person editing it; the
 * server checks the same rules, this only saves a passkey prompt for a change bound to fail.
 */
export function quorumProblems(draft: QuorumDraft): string[] {
  const problems: string[] = [];
  if (draft.userIds.length === 0) problems.push("Choose at least one root user.");
  if (!Number.isInteger(draft.threshold) || draft.threshold < 1) {
    problems.push("The threshold must be a whole number of at least 1.");
  } else if (draft.userIds.length > 0 && draft.threshold > draft.userIds.length) {
    problems.push(
      `The threshold (${draft.threshold}) cannot exceed the number of root users (${draft.userIds.length}).`,
    );
  }
  return problems;
}

/**
 * Warnings that do not stop the change but that its author (`you`) should read first: leaving the
 * quorum is allowed, but said out loud.
 */
export function quorumWarnings(draft: QuorumDraft, you: string): string[] {
  const warnings: string[] = [];
  if (draft.userIds.length > 0 && !draft.userIds.includes(you)) {
    warnings.push(
      "You are not in this quorum: once it takes effect, you can no longer approve root changes.",
    );
  }
  return warnings;
}

/** Whether the draft changes anything: same members (in any order) and the same threshold. */
export function quorumChanged(draft: QuorumDraft, current: QuorumDraft): boolean {
  if (draft.threshold !== current.threshold) return true;
  const a = new Set(draft.userIds);
  const b = new Set(current.userIds);
  return a.size !== b.size || [...a].some((id) => !b.has(id));
}
