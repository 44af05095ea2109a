import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { countHits, type Hit, type LimitKind, type LimitScope, pruneBuckets } from "./count";

/** Who is asking, as far as the edge knows: a verified credential and the client's address. */
export interface RequestSubjects {
  kind: LimitKind;
  /** The public key of a stamp that verified; undefined when it did not (or there was none). */
  credential: string | undefined;
  /** The client's address when it can be trusted (server/api/client-address.ts), else undefined. */
  address: string | undefined;
}

const PRUNE_EVERY_MS = 60_000;
/** When each context last pruned: one DELETE a minute per instance keeps the table small. */
const lastPrune = new WeakMap<AppContext, number>();

function limitOf(app: AppContext, scope: LimitScope, kind: LimitKind): number {
  const limits = app.config.rateLimits;
  if (scope === "key") return kind === "activity" ? limits.activitiesPerKey : limits.queriesPerKey;
  return kind === "activity" ? limits.activitiesPerIp : limits.queriesPerIp;
}

/** The budgets this request spends from: the configured (non-zero) limits it has a subject for. */
function hitsOf(app: AppContext, subjects: RequestSubjects): Hit[] {
  const hits: Hit[] = [];
  const { kind, credential, address } = subjects;
  if (credential && limitOf(app, "key", kind) > 0) hits.push({ scope: "key", kind, subject: credential });
  if (address && limitOf(app, "ip", kind) > 0) hits.push({ scope: "ip", kind, subject: address });
  return hits;
}

function rateLimited(app: AppContext, hit: Hit, retryAfterSeconds: number): ApiError {
  const limit = limitOf(app, hit.scope, hit.kind);
  const { windowSeconds } = app.config.rateLimits;
  const what = hit.kind === "activity" ? "activities" : "queries";
  const who = hit.scope === "key" ? "this credential" : "this client address";
  return new ApiError(
    "RESOURCE_EXHAUSTED",
    "RATE_LIMITED",
    `rate limit exceeded: at most ${limit} ${what} per ${windowSeconds} s from ${who}; retry after ${retryAfterSeconds} s`,
    {
      retryAfterSeconds,
      extra: { rateLimit: { scope: hit.scope, kind: hit.kind, limit, windowSeconds } },
    },
  );
}

interface Window {
  now: number;
  windowMs: number;
  windowStart: number;
}

/** The fixed window of LATCHKEY_RATE_LIMIT_WINDOW_SECONDS the request falls in (time from app.clock). */
function windowOf(app: AppContext): Window {
  const now = app.clock.now().getTime();
  const windowMs = app.config.rateLimits.windowSeconds * 1000;
  return { now, windowMs, windowStart: Math.floor(now / windowMs) * windowMs };
}

/** After counting: prune old counters once a minute, and throw the 429 when a budget is spent. */
async function settle(app: AppContext, hits: Hit[], counts: number[], window: Window): Promise<void> {
  const { now, windowMs, windowStart } = window;
  if (now - (lastPrune.get(app) ?? Number.NEGATIVE_INFINITY) >= PRUNE_EVERY_MS) {
    lastPrune.set(app, now);
    // The previous window is kept so an instance whose clock lags a little still counts right.
    await pruneBuckets(app.db, new Date(windowStart - windowMs), ["activity", "query"]);
  }
  // The credential's limit is named first: it is the one the caller can do something about.
  const spent = hits.find((hit, i) => counts[i]! > limitOf(app, hit.scope, hit.kind));
  if (!spent) return;
  app.metrics.rateLimited.inc({ scope: spent.scope, kind: spent.kind });
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now) / 1000));
  throw rateLimited(app, spent, retryAfterSeconds);
}

/**
 * Counts the request against its budgets in fixed windows of LATCHKEY_RATE_LIMIT_WINDOW_SECONDS
 * (time from app.clock) and throws a RESOURCE_EXHAUSTED ApiError, a 429, when any is spent. One
 * database round trip; none when no limit applies.
 */
export async function enforceRateLimits(app: AppContext, subjects: RequestSubjects): Promise<void> {
  const hits = hitsOf(app, subjects);
  if (hits.length === 0) return;
  const window = windowOf(app);
  const counts = await countHits(app.db, hits, new Date(window.windowStart));
  await settle(app, hits, counts, window);
}

/** What a statement that counts a request as part of its own work needs: the hits, and what follows. */
export interface BudgetCount {
  hits: Hit[];
  windowStart: Date;
  /** Given the counts after the upsert (in the order of `hits`): throws the 429 when one is spent. */
  settle(counts: number[]): Promise<void>;
}

/**
 * A request's budgets, counted exactly once before its first other database work. A stamped API
 * request counts them inside the statement that looks its caller up (`countWith`, used by
 * resolveCaller): the rate limit then costs no round trip of its own. Every other path — a passkey,
 * a session, a request refused before its caller is looked up — counts them alone (`spend`), and
 * the 429 still wins over whatever else was wrong with the request.
 */
export class RequestBudget {
  private counted = false;

  constructor(
    private readonly app: AppContext,
    private readonly subjects: RequestSubjects,
  ) {}

  /** The counting to fold into a statement, once; undefined when already counted or nothing applies. */
  countWith(): BudgetCount | undefined {
    if (this.counted) return undefined;
    this.counted = true;
    const hits = hitsOf(this.app, this.subjects);
    if (hits.length === 0) return undefined;
    const window = windowOf(this.app);
    return {
      hits,
      windowStart: new Date(window.windowStart),
      settle: (counts) => settle(this.app, hits, counts, window),
    };
  }

  /** Count alone, unless already counted. */
  async spend(): Promise<void> {
    if (this.counted) return;
    this.counted = true;
    await enforceRateLimits(this.app, this.subjects);
  }
}
