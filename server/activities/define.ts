import type { z } from "zod";
import type { Caller } from "../auth/caller";
import type { AppContext } from "../context";
import type { DbOrTx, Tx } from "../db/client";
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
  /** When the activity was submitted: a later vote may execute it, but what it carries was fresh then. */
  submittedAt: Date;
  /**
   * Run `hook` once the activity's transaction has committed (never inside it): e.g. nudge the job
   * worker about a job this activity enqueued, which it could not see before the commit.
   */
  afterCommit(hook: () => void): void;
  /**
   * True when `tx` is the transaction that ends with this activity's audit append (a submission
   * executing at once), false in a vote's savepoint: only then may the activity leave rows for the
   * append's statement to write (audit/pending.ts deferRow).
   */
  endsWithAppend: boolean;
}

/** What `beforeTransaction` knows of the request. */
export interface Admission {
  organizationId: string;
  /** The client's address when it can be trusted (LATCHKEY_TRUST_PROXY), else undefined. */
  clientAddress: string | undefined;
  now: Date;
}

/**
 * What a summary may name: the organization's names for the ids an intent carries (an unknown id
 * comes back shortened, never as an error: a summary must render for any stored intent), and the
 * decoder's one line on the content a signing activity signs (server/decode).
 */
export interface SummaryNames {
  user(id: string): string;
  wallet(id: string): string;
  walletAccount(id: string): string;
  privateKey(id: string): string;
  policy(id: string): string;
  tag(id: string): string;
  contract(id: string): string;
  /** A wallet account or private key named by id or address (a `signWith`). */
  signer(signWith: string): string;
  /** The decoded headline of what it signs ("Send 0.25 ETH to 0xabab… on Ethereum"), if it signs. */
  signed?: string;
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
  /** What the endpoint does, for the OpenAPI document. */
  summary: string;
  /**
   * One line on what this intent asks, for approvers ("Create wallet Treasury with 3 accounts"):
   * the dashboard, the "Waiting for you" list and vote notifications show it. Required, so a new
   * activity cannot ship without one.
   */
  describe(params: z.infer<P>, names: SummaryNames): string;
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
   * What it signs when that depends on stored state (an Earn deposit's approve goes to its wrapper's
   * asset): the policy engine reads this instead of `targets`, which then names only the signer.
   */
  policyTargets?(db: DbOrTx, organizationId: string, params: z.infer<P>): Promise<ActivityTargets>;
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
  /**
   * A parent organization's credentials may submit it for a sub-organization, as the reference's
   * backend login flows do (init_otp, verify_otp, otp_login). No other activity crosses that line.
   */
  parentMayAct?: boolean;
  /**
   * Runs before the activity's transaction (once per signed body), and what it writes stays even
   * when it then refuses the request with an ApiError: rate-limit counts, a wrong OTP code's
   * attempt. Everything else belongs in `execute`.
   */
  beforeTransaction?(app: AppContext, params: z.infer<P>, admission: Admission): Promise<void>;
  /**
   * Whether these parameters give `beforeTransaction` anything to do (absent: always). Saves the
   * look-up that keeps a resent body from running it twice when there is nothing to run.
   */
  needsBeforeTransaction?(params: z.infer<P>): boolean;
  /**
   * A submission that executes at once may be recorded after it, in one statement with its vote,
   * evaluation round, audit entries and commit (submit-folded.ts), when `execute` locks nothing that
   * a submission of the same body on the other path could hold before its fingerprint. `true` for a
   * signature (it writes nothing; submit-folded.ts keeps to signers that need no write); a predicate
   * for an activity whose `execute`, for these parameters, only inserts rows of its own making (new
   * ids, no unique key another request could also take).
   */
  recordedAfterExecution?: true | ((params: z.infer<P>) => boolean);
  execute(ctx: ActivityContext, params: z.infer<P>): Promise<R>;
}

/**
 * The address or key id an activity signs with, as its `targets` name it; undefined when they name
 * none, or cannot read these parameters (a malformed address, say): that is then the policy round's
 * or the execution's to refuse with its 4xx, a read ahead only skipped.
 */
export function signWithOf(definition: ActivityDefinition, params: unknown): string | undefined {
  try {
    return definition.targets?.(params as never).signWith;
  } catch {
    return undefined;
  }
}

/** Keeps `params` and `execute` tied together by inference. */
export function defineActivity<P extends z.ZodType, R>(
  definition: ActivityDefinition<P, R>,
): ActivityDefinition<P, R> {
  return definition;
}
