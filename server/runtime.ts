import { loadConfig } from "./config";
import { type AppContext, createAppContext } from "./context";

// Next.js may load this module in more than one bundle; keep one context per process on globalThis.
const KEY = Symbol.for("latchkey.runtime");
type Holder = { [KEY]?: Promise<AppContext> };

/** The process's application context, created from the environment on first use. */
export function getRuntime(): Promise<AppContext> {
  const holder = globalThis as Holder;
  if (!holder[KEY]) {
    holder[KEY] = createAppContext(loadConfig()).catch((error) => {
      holder[KEY] = undefined;
      throw error;
    });
  }
  return holder[KEY];
}
