import type { z } from "zod";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import type { Tx } from "../db/client";
import type { OrganizationRow } from "../db/schema";
import type { PolicyParam } from "../policy/context/params";
import type { ActivityTargets, PolicyAction, PolicyResource } from "../policy/profile";

/** What an activity's `execute` receives: the open transaction and who asked, nothing global. */
export interface ActivityContext {
  app: AppContext;
  tx: Tx;
  organization: OrganizationRow;
  caller: Caller;
  activityId: string;
  now: Date;
  /**
   * Run `hook` once the activity's transaction has committed (never inside it): e.g. nudge the job
   * worker about a job this activity enqueued, which it could not see before the commit.
   */
  afterCommit(hook: () => void): void;
}

export interface ActivityDefinition<P extends z.ZodType = z.ZodType, R = unknown> {
  /** URL path segment after /public/v1/submit/ */
  path: string;
  /** The activity type the official clients send for this path. */
  type: string;
  /** Older versions of the type that share these parameters and are accepted too. */
  alsoAccepts?: string[];
  intentKey: string;
  resultKey: string;
  summary: string;
  /** Not part of the compatible API: a Latchkey addition, marked as such in the OpenAPI document. */
  latchkeyExtension?: boolean;
  params: P;
  result: z.ZodType<R>;
  // What the policy engine knows of this activity (server/policy/profile.ts), declared here so a
  // new activity needs no entry in any table elsewhere.
  /** `activity.resource` and `activity.action` (the reference's Activity breakdown). */
  resource: PolicyResource;
  action: PolicyAction;
  /** Only the root quorum may take it: no policy can grant it (the reference's list). */
  rootQuorumOnly?: boolean;
  /** `activity.params`: the parameters the reference exposes to policies for this type. */
  policyParams?: readonly PolicyParam[];
  /**
   * The wallets, accounts and keys it acts on or signs with, and what it signs: the policies'
   * wallet / wallet_account / private_key / eth / solana keywords. Required of every activity
   * whose parameters name any of them (a test checks).
   */
  targets?(params: z.infer<P>): ActivityTargets;
  /**
   * A user acting on their own credentials or sessions needs no quorum and no policy
   * ("users may manage their own credentials"); return true when `params` is such a case.
   */
  selfService?(params: z.infer<P>, caller: Caller): boolean;
  /**
   * Fills what the caller may leave out with the caller's own (a `userId` that defaults to the
   * caller's user), before the intent is stored: policies, votes and execution all see the result.
   */
  withCallerDefaults?(params: z.infer<P>, caller: Caller): z.infer<P>;
  execute(ctx: ActivityContext, params: z.infer<P>): Promise<R>;
}

/** Keeps `params` and `execute` tied together by inference. */
export function defineActivity<P extends z.ZodType, R>(
  definition: ActivityDefinition<P, R>,
): ActivityDefinition<P, R> {
  return definition;
}
