import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * How the on-ramp providers sign the webhooks they send, checked here over the raw body (a JSON
 * parser would change the bytes). Both put a Unix timestamp in the signed text, so a delivery is
 * accepted only within MAX_SKEW_SECONDS of our clock; the caller refuses the same signature twice.
 *
 * MoonPay (https://dev.moonpay.com/api-reference/widget/webhooks/signature):
 *   `Moonpay-Signature-V2: t=<unix>,s=<hex>`, s = HMAC-SHA256(webhook API key, `${t}.${body}`).
 * Coinbase CDP webhooks, delivered by Hook0 (https://docs.cdp.coinbase.com/webhooks/verify-signatures):
 *   `X-Hook0-Signature: t=<unix>,h=<header names, space-separated>,v1=<hex>`,
 *   v1 = HMAC-SHA256(subscription secret, `${t}.${h}.${values of those headers joined by "."}.${body}`).
 *   (A `v0=` part, over `${t}.${body}`, may be present too; v1 also covers the listed headers, so
 *   only v1 is accepted.)
 */

export const MAX_SKEW_SECONDS = 300;

/** Why a delivery is refused: the provider (or someone else) sent something that does not verify. */
export class WebhookSignatureError extends Error {}

export interface VerifiedDelivery {
  /** The provider's signing time. */
  signedAt: Date;
  /** The signature header as sent: what identifies this delivery against replays. */
  header: string;
}

/** `a=1,b=2` → {a: "1", b: "2"}; a repeated part keeps its first value. */
function parts(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const element of header.split(",")) {
    const at = element.indexOf("=");
    if (at <= 0) continue;
    const key = element.slice(0, at).trim();
    if (!(key in out)) out[key] = element.slice(at + 1).trim();
  }
  return out;
}

function freshTimestamp(t: string | undefined, header: string, nowMs: number): Date {
  if (!t || !/^\d{1,12}$/.test(t)) throw new WebhookSignatureError(`${header} has no timestamp (t=)`);
  const seconds = Number(t);
  const skew = nowMs / 1000 - seconds;
  if (skew > MAX_SKEW_SECONDS) {
    throw new WebhookSignatureError(
      `${header} was signed ${Math.round(skew)} s ago, more than the ${MAX_SKEW_SECONDS} s accepted: a replayed or delayed delivery`,
    );
  }
  if (-skew > MAX_SKEW_SECONDS) {
    throw new WebhookSignatureError(`${header} is dated ${Math.round(-skew)} s in the future`);
  }
  return new Date(seconds * 1000);
}

function sameHex(expected: Buffer, given: string | undefined, header: string): void {
  const bytes = given && /^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, "hex") : undefined;
  if (!bytes) throw new WebhookSignatureError(`${header} has no HMAC-SHA256 signature in hex`);
  if (!timingSafeEqual(expected, bytes)) {
    throw new WebhookSignatureError(
      `${header} does not match the body: not signed with this credential's webhook secret`,
    );
  }
}

const hmac = (key: Buffer, text: Buffer) => createHmac("sha256", key).update(text).digest();

export const MOONPAY_SIGNATURE_HEADER = "moonpay-signature-v2";

export function verifyMoonPayWebhook(
  headers: Headers,
  body: Uint8Array,
  key: Buffer,
  nowMs: number,
): VerifiedDelivery {
  const header = headers.get(MOONPAY_SIGNATURE_HEADER);
  if (!header)
    throw new WebhookSignatureError(
      "the Moonpay-Signature-V2 header is missing: unsigned deliveries are refused",
    );
  const { t, s } = parts(header);
  const signedAt = freshTimestamp(t, "Moonpay-Signature-V2", nowMs);
  sameHex(hmac(key, Buffer.concat([Buffer.from(`${t}.`), body])), s, "Moonpay-Signature-V2");
  return { signedAt, header };
}

export const COINBASE_SIGNATURE_HEADER = "x-hook0-signature";

export function verifyCoinbaseWebhook(
  headers: Headers,
  body: Uint8Array,
  key: Buffer,
  nowMs: number,
): VerifiedDelivery {
  const header = headers.get(COINBASE_SIGNATURE_HEADER);
  if (!header)
    throw new WebhookSignatureError(
      "the X-Hook0-Signature header is missing: unsigned deliveries are refused",
    );
  const { t, h, v1 } = parts(header);
  const signedAt = freshTimestamp(t, "X-Hook0-Signature", nowMs);
  if (h === undefined || v1 === undefined) {
    throw new WebhookSignatureError("X-Hook0-Signature has no v1 signature with its header list (h=)");
  }
  const names = h.split(" ").filter(Boolean);
  const values = names.map((name) => {
    const value = headers.get(name);
    if (value === null)
      throw new WebhookSignatureError(`X-Hook0-Signature signs the header ${name}, which is missing`);
    return value;
  });
  const signed = Buffer.concat([Buffer.from(`${t}.${h}.${values.join(".")}.`), body]);
  sameHex(hmac(key, signed), v1, "X-Hook0-Signature");
  return { signedAt, header };
}
