import { createHash } from "node:crypto";

/** "sha256:" + hex(sha256(raw body)): as @turnkey/crypto computes it; the idempotency key. */
export function activityFingerprint(rawBody: Uint8Array | string): string {
  return `sha256:${createHash("sha256").update(rawBody).digest("hex")}`;
}
