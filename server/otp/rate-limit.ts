import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { countHits, type Hit, pruneBuckets } from "../rate-limit/count";

/**
 * Everything that sends a code or a sign-in message to an address the caller names. They spend one
 * shared budget (a limit per endpoint would multiply what an abuser may send to one inbox), and the
 * 429 names the endpoint that was refused, the limit, its setting and who shares it.
 */
export const OTP_SENDERS = [
  "init_otp",
  "init_otp_auth",
  "email_auth",
  "init_user_email_recovery",
  "resend_outbox_message",
  "the dashboard's e-mail sign-in",
] as const;
export type OtpSender = (typeof OTP_SENDERS)[number];

/**
 * The senders' budgets, per contact and per client address, in fixed windows of
 * LATCHKEY_OTP_RATE_LIMIT_WINDOW_SECONDS. They count in rate_limit_buckets like the request limits,
 * so every instance on one PostgreSQL shares them; counted before the activity's transaction so
 * that a refused request still counts. (The bucket kind stays "init_otp": existing rows keep counting.)
 */
export async function spendOtpBudget(
  app: AppContext,
  sender: OtpSender,
  subjects: { contact: string; clientAddress: string | undefined },
  now: Date,
): Promise<void> {
  const { windowSeconds, perContact, perIp } = app.config.otpLimits;
  const hits: (Hit & { limit: number; who: string; setting: string })[] = [];
  if (perContact > 0) {
    hits.push({
      scope: "contact",
      kind: "init_otp",
      subject: subjects.contact,
      limit: perContact,
      who: "this contact",
      setting: "LATCHKEY_OTP_RATE_LIMIT_PER_CONTACT",
    });
  }
  if (perIp > 0 && subjects.clientAddress) {
    hits.push({
      scope: "ip",
      kind: "init_otp",
      subject: subjects.clientAddress,
      limit: perIp,
      who: "this client address",
      setting: "LATCHKEY_OTP_RATE_LIMIT_PER_IP",
    });
  }
  if (hits.length === 0) return;
  const windowMs = windowSeconds * 1000;
  const windowStart = Math.floor(now.getTime() / windowMs) * windowMs;
  const counts = await countHits(
    app.db,
    hits.map(({ scope, kind, subject }) => ({ scope, kind, subject })),
    new Date(windowStart),
  );
  // The previous window stays, for an instance whose clock lags a little.
  await pruneBuckets(app.db, new Date(windowStart - windowMs), ["init_otp"]);
  const spent = hits.find((hit, i) => counts[i]! > hit.limit);
  if (!spent) return;
  app.metrics.rateLimited.inc({ scope: spent.scope, kind: spent.kind });
  const retryAfterSeconds = Math.max(1, Math.ceil((windowStart + windowMs - now.getTime()) / 1000));
  const others = OTP_SENDERS.filter((name) => name !== sender).join(", ");
  throw new ApiError(
    "RESOURCE_EXHAUSTED",
    "RATE_LIMITED",
    `too many codes and sign-in messages: ${sender} refused, at most ${spent.limit} per ${windowSeconds} s for ${spent.who} (${spent.setting}), a budget ${sender} shares with ${others}; retry after ${retryAfterSeconds} s`,
    {
      retryAfterSeconds,
      extra: {
        rateLimit: {
          scope: spent.scope,
          kind: spent.kind,
          endpoint: sender,
          limit: spent.limit,
          windowSeconds,
        },
      },
    },
  );
}
