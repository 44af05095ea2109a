import { verifyApiKeyStamp } from "../../auth/api-key-stamp";
import { newBenchKey } from "./stamper";

export interface StampCost {
  /** µs per verification by a key the server has seen before (its public key object is cached). */
  knownKeyMicros: number;
  /** µs per verification by a key seen for the first time (the public key is parsed as well). */
  newKeyMicros: number;
}

const BODY = new TextEncoder().encode(
  JSON.stringify({
    type: "ACTIVITY_TYPE_CREATE_USERS_V4",
    timestampMs: String(Date.now()),
    organizationId: "01a20000-0000-7000-8000-000000000000",
    parameters: { users: [{ userName: "bench", apiKeys: [], authenticators: [], oauthProviders: [] }] },
  }),
);

/**
 * CPU time per verification, every thread counted, with 32 in flight as under the bench's load: the
 * check runs on libuv's thread pool (api-key-stamp.ts), so one at a time would charge each a
 * thread's wake-up that a busy server shares among many.
 */
async function microsPerOp(headers: string[], repeat: number): Promise<number> {
  const queue = Array.from({ length: repeat }, () => headers).flat();
  const total = queue.length;
  const started = process.cpuUsage();
  const lane = async () => {
    for (let header = queue.pop(); header !== undefined; header = queue.pop()) {
      await verifyApiKeyStamp(header, BODY);
    }
  };
  await Promise.all(Array.from({ length: 32 }, lane));
  const used = process.cpuUsage(started);
  return (used.user + used.system) / total;
}

/** The in-process cost of verifying one P-256 `X-Stamp` over a typical activity body. */
export async function measureStampCost(): Promise<StampCost> {
  const known = newBenchKey().stamp(BODY);
  await microsPerOp([known], 200); // warm-up: JIT and the key cache
  const knownKeyMicros = await microsPerOp([known], 2_000);
  const fresh = Array.from({ length: 500 }, () => newBenchKey().stamp(BODY));
  const newKeyMicros = await microsPerOp(fresh, 1);
  return { knownKeyMicros, newKeyMicros };
}
