import { loadConfig } from "./config";
import { type AppContext, createAppContext } from "./context";
import { HISTORY_JOB_HANDLERS } from "./history/evm-indexer";
import { startWorker } from "./jobs/worker";
import { SEND_JOB_HANDLERS } from "./sends/jobs";

/** The serving process also works the job queue; it stops before the database closes. */
async function serving(app: AppContext): Promise<AppContext> {
  const worker = startWorker(app, { ...SEND_JOB_HANDLERS, ...HISTORY_JOB_HANDLERS });
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
