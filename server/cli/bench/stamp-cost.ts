import { verifyApiKeyStamp } from "../../auth/api-key-stamp";
import { stampBytes } from "../../testing/raw-stamp";

/** Microseconds per verification of one P-256 `X-Stamp` over a typical activity body, in process. */
export async function stampVerifyMicros(
  key: { publicKey: string; privateKey: string },
  iterations = 2_000,
): Promise<number> {
  const body = new TextEncoder().encode(
    JSON.stringify({
      type: "ACTIVITY_TYPE_CREATE_USERS_V4",
      timestampMs: String(Date.now()),
      organizationId: "x",
      parameters: {},
    }),
  );
  const header = stampBytes(key, body)["X-Stamp"]!;
  for (let i = 0; i < 200; i++) await verifyApiKeyStamp(header, body); // warm-up
  const started = performance.now();
  for (let i = 0; i < iterations; i++) await verifyApiKeyStamp(header, body);
  return ((performance.now() - started) * 1000) / iterations;
}
