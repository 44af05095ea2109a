import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { type JobRow, onRampTransactions } from "../db/schema";
import { ApiError } from "../errors";
import type { JobHandler, JobOutcome } from "../jobs/worker";
import { ONRAMP_POLL_JOB, ONRAMP_SANDBOX_JOB } from "./job-kinds";
import { refreshFromProvider } from "./refresh";
import { advanceSandbox } from "./sandbox";
import { isFinal } from "./transactions";

const POLL_MS = 30_000;
/** A purchase nobody finished within a day is left as it stands; `refresh: true` still asks. */
const POLL_FOR_MS = 24 * 3600_000;

/** Poll a real provider until the purchase is final; a provider that fails to answer is asked again later. */
async function pollProvider(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { transactionId } = job.payload as { transactionId: string };
  const [row] = await app.db
    .select()
    .from(onRampTransactions)
    .where(eq(onRampTransactions.id, transactionId));
  const now = app.clock.now();
  if (!row || isFinal(row.status) || now.getTime() - row.createdAt.getTime() > POLL_FOR_MS)
    return { done: true };
  try {
    const next = await refreshFromProvider(app, row);
    if (isFinal(next.status)) return { done: true };
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.reason === "ONRAMP_CREDENTIAL_DELETED") return { done: true };
    app.logger.info({ transactionId, error: error.message }, "on-ramp provider poll failed; will ask again");
  }
  return { again: new Date(now.getTime() + POLL_MS) };
}

export const ONRAMP_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof advanceSandbox.onGiveUp }> =
  {
    [ONRAMP_SANDBOX_JOB]: advanceSandbox,
    [ONRAMP_POLL_JOB]: pollProvider,
  };
