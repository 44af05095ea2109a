/**
 * Reads stamped with a session key, tracked per key so that signing out deletes the key only once
 * none is on its way: a read the deletion overtook is refused with a 401, which the browser reports
 * in its console as a failed load (the polls of the dashboard, every 10 s, met sign-out that way).
 * After `retire`, a read with that key is not sent at all: the page is leaving for the sign-in page,
 * so its promise never settles (no error state flashes on the way out).
 */

const inFlight = new Map<string, Set<Promise<unknown>>>();
const retired = new Set<string>();

/** Send `read` with the session key `publicKey`, unless that key is being signed out. */
export function trackedRead<T>(publicKey: string, read: () => Promise<T>): Promise<T> {
  if (retired.has(publicKey)) return new Promise<T>(() => undefined);
  const pending = read();
  let reads = inFlight.get(publicKey);
  if (!reads) {
    reads = new Set();
    inFlight.set(publicKey, reads);
  }
  const tracked = reads;
  tracked.add(pending);
  const settle = () => {
    tracked.delete(pending);
    if (tracked.size === 0 && inFlight.get(publicKey) === tracked) inFlight.delete(publicKey);
  };
  pending.then(settle, settle);
  return pending;
}

/** No read with this key is sent any more; resolves once every read already sent is answered. */
export async function retireSessionKey(publicKey: string): Promise<void> {
  retired.add(publicKey);
  await Promise.allSettled([...(inFlight.get(publicKey) ?? [])]);
}
