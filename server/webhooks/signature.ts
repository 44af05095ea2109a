import type { ServerSigningKey } from "../crypto/server-signing-key";

/**
 * The signed bytes of one attempt: `<timestamp ms>.<delivery id>.<body>` in UTF-8. The timestamp
 * lets a receiver refuse old replays; the delivery id ties the signature to this delivery; the
 * body is the exact text sent. docs/webhooks.md shows how to verify it.
 */
export function signedBytes(timestampMs: number, deliveryId: string, body: string): Buffer {
  return Buffer.from(`${timestampMs}.${deliveryId}.${body}`, "utf8");
}

/** The headers of one attempt, signed now with the server's signing key (ECDSA P-256, SHA-256, DER hex). */
export function signedHeaders(
  key: ServerSigningKey,
  delivery: { id: string; eventType: string; body: string },
  timestampMs: number,
): Record<string, string> {
  const signature = key.signDer(signedBytes(timestampMs, delivery.id, delivery.body)).toString("hex");
  return {
    "content-type": "application/json",
    "user-agent": "Latchkey-Webhooks/1",
    "x-latchkey-delivery-id": delivery.id,
    "x-latchkey-event-type": delivery.eventType,
    "x-latchkey-timestamp": String(timestampMs),
    "x-latchkey-signature": `v1=${signature}`,
  };
}
