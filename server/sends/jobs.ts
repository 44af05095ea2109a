import type { AppContext } from "../context";
import type { JobRow } from "../db/schema";
import type { JobHandler } from "../jobs/worker";
import { runEvmSend } from "./evm-send";
import { EVM_SEND_JOB, findSend, updateSend } from "./records";

/** When a send's job runs out of attempts (an unreachable node for long), the send says so. */
async function giveUpSend(app: AppContext, job: JobRow, error: string): Promise<void> {
  const { sendId } = job.payload as { sendId: string };
  const send = await findSend(app.db, sendId);
  if (send && send.status !== "COMPLETED" && send.status !== "FAILED") {
    // Signed bytes may have reached the node before it went quiet: say so, never imply it cannot land.
    const caution = send.txHash
      ? `; transaction ${send.txHash} was signed and may still land: check the chain before sending again`
      : "; nothing was broadcast";
    await updateSend(app.db, sendId, app.clock.now(), {
      status: "FAILED",
      error: { message: `gave up after ${job.attempts} attempts: ${error}${caution}` },
      lastError: null,
    });
  }
}

export const SEND_JOB_HANDLERS: Record<string, JobHandler & { onGiveUp?: typeof giveUpSend }> = {
  [EVM_SEND_JOB]: Object.assign(runEvmSend, { onGiveUp: giveUpSend }),
};
