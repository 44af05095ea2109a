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

async function microsPerOp(headers: string[], repeat: number): Promise<number> {
  const started = performance.now();
  for (let round = 0; round < repeat; round++) {
    for (const header of headers) await verifyApiKeyStamp(header, BODY);
  }
  return ((performance.now() - started) * 1000) / (headers.length * repeat);
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
