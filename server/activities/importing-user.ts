import type { Caller } from "../auth/caller";

/**
 * What the four import activities share about whose import target they use. The reference's
 * clients fill `userId` with the signed-in user when it is left out; the server does the same, before
 * the intent is stored, so the record and every vote name the user either way. A user imports
 * through their own target by default; naming another user's target is never implied (imports are
 * not self-service): it takes the root quorum or an allow policy on the import. The reference exposes
 * no parameter of these activities to policies, so a policy cannot tell the two cases apart.
 */
export const IMPORTING_USER = {
  withCallerDefaults<P extends { userId?: string }>(params: P, caller: Caller): P {
    return { ...params, userId: params.userId ?? caller.user.id };
  },
} as const;

/** The user whose import target is used (always filled by `withCallerDefaults` at submission). */
export function importingUserId(params: { userId?: string }, caller: Caller): string {
  return params.userId ?? caller.user.id;
}
