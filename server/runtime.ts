import { loadConfig } from "./config";
import { type AppContext, createAppContext } from "./context";
import { EARN_JOB_HANDLERS } from "./earn/operator-send";
import { EARN_SAMPLE_JOB_HANDLERS, ensureEarnSampling } from "./earn/samples";
import { HISTORY_JOB_HANDLERS } from "./history/evm-indexer";
import { startWorker } from "./jobs/worker";
import { MAIL_JOB_HANDLERS } from "./mail/delivery-job";
import { ONRAMP_JOB_HANDLERS } from "./onramp/jobs";
import { SEND_JOB_HANDLERS } from "./sends/jobs";
import { SMS_JOB_HANDLERS } from "./sms/delivery-job";
import { CROSS_CHAIN_JOB_HANDLERS } from "./swaps/cross-chain-job";
import { WEBHOOK_JOB_HANDLERS } from "./webhooks/deliver-job";

/** The serving process also works the job queue; it stops before the database closes. */
async function serving(app: AppContext): Promise<AppContext> {
  await ensureEarnSampling(app);
  const worker = startWorker(app, {
    ...SEND_JOB_HANDLERS,
    ...EARN_JOB_HANDLERS,
    ...EARN_SAMPLE_JOB_HANDLERS,
    ...HISTORY_JOB_HANDLERS,
    ...MAIL_JOB_HANDLERS,
    ...ONRAMP_JOB_HANDLERS,
    ...SMS_JOB_HANDLERS,
    ...CROSS_CHAIN_JOB_HANDLERS,
    ...WEBHOOK_JOB_HANDLERS,
  });
  const close = app.close;
  app.close = async () => {
    await worker.stop();
    await close();
  };
  return app;
}

// Next.js may load this module in more than one bundle; keep one context per process on globalThis.
const KEY = Symbol.for("latchkey.runtime");
type Holder = { [KEY]?: Promise<AppContext> };

/** The process's application context, created from the environment on first use. */
export function getRuntime(): Promise<AppContext> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createAppContext(loadConfig())
      .then(serving)
      .catch((error) => {
        holder[KEY] = undefined;
        throw error;
      });
  }
  return holder[KEY];
}
