/** A root quorum being edited: who is a root user, and how many of them must approve. */
export interface QuorumDraft {
  userIds: string[];
  threshold: number;
}

/** One thing wrong with a draft, and the field it belongs beside. */
export interface QuorumIssue {
  field: keyof QuorumDraft;
  message: string;
}

/**
 * What is wrong with a draft before it is submitted, in words for the person editing it; the
 * server checks the same rules, this only saves a passkey prompt for a change bound to fail.
 */
export function quorumIssues(draft: QuorumDraft): QuorumIssue[] {
  const issues: QuorumIssue[] = [];
  if (draft.userIds.length === 0)
    issues.push({ field: "userIds", message: "Choose at least one root user." });
  if (!Number.isInteger(draft.threshold) || draft.threshold < 1) {
    issues.push({ field: "threshold", message: "The threshold must be a whole number of at least 1." });
  } else if (draft.userIds.length > 0 && draft.threshold > draft.userIds.length) {
    issues.push({
      field: "threshold",
      message: `The threshold (${draft.threshold}) cannot exceed the number of root users (${draft.userIds.length}).`,
    });
  }
  return issues;
}

export const quorumProblems = (draft: QuorumDraft): string[] => quorumIssues(draft).map((i) => i.message);

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
