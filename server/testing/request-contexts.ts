import { AsyncLocalStorage } from "node:async_hooks";

const requests = new AsyncLocalStorage<object>();

/**
 * Runs `answer` `times` times, one after another, each inside an async context of its own holding
 * `bytes` — as a server's request context holds its request, its response and caches. Returns the
 * answers and WeakRefs to the contexts: after a full collection (collect-garbage.ts), a context
 * still there is one something kept.
 */
export async function answeredInRequestContexts<T>(
  times: number,
  answer: (n: number) => Promise<T>,
  bytes: number,
): Promise<{ answers: T[]; contexts: WeakRef<object>[] }> {
  const answers: T[] = [];
  const contexts: WeakRef<object>[] = [];
  // The context is made in a function of its own, so no frame of the caller's holds it.
  const one = (n: number) => {
    const context = { body: new Uint8Array(bytes) };
    contexts.push(new WeakRef(context));
    return requests.run(context, () => answer(n));
  };
  for (let n = 0; n < times; n++) answers.push(await one(n));
  return { answers, contexts };
}

/** How many of the contexts are still held. */
export const stillHeld = (contexts: WeakRef<object>[]) =>
  contexts.filter((context) => context.deref() !== undefined).length;
