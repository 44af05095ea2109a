import { NO_STORE_NO_TRANSFORM } from "../observability/cache-control";

/**
 * The headers every page and API answer carries. The dashboard holds an admin's approve button, so
 * it must never be framed (clickjacking), never leak an invitation link's key through a Referer, and
 * run only the scripts this server sent with this response's nonce.
 */

export interface SecurityOptions {
  /** A fresh random value per response; Next.js puts it on every script it renders. */
  nonce: string;
  /** `next dev` needs eval for its error overlay; a production build never does. */
  development: boolean;
  /** Send HSTS: the dashboard is served over HTTPS (an https:// origin is configured). */
  https: boolean;
}

export function contentSecurityPolicy({ nonce, development }: SecurityOptions): string {
  return [
    "default-src 'self'",
    // 'strict-dynamic': scripts our nonced scripts load (Next's chunks) run; nothing else does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    // Inline style attributes (React, Radix positioning) cannot carry nonces; styles cannot run code.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** WebAuthn for this origin only; every powerful feature the dashboard does not use, off. */
const PERMISSIONS_POLICY = [
  "publickey-credentials-get=(self)",
  "publickey-credentials-create=(self)",
  "clipboard-write=(self)",
  "camera=()",
  "microphone=()",
  "geolocation=()",
  "payment=()",
  "usb=()",
  "serial=()",
  "bluetooth=()",
  "interest-cohort=()",
].join(", ");

/** What every answer carries, page or API: no framing, no Referer, no sniffing, HSTS over HTTPS. */
function commonHeaders(https: boolean): Record<string, string> {
  return {
    "X-Frame-Options": "DENY",
    // Invitation links carry a key in their fragment; no page should tell another site where it was.
    "Referrer-Policy": "no-referrer",
    "X-Content-Type-Options": "nosniff",
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(https ? { "Strict-Transport-Security": "max-age=63072000; includeSubDomains" } : {}),
  };
}

export function securityHeaders(options: SecurityOptions): Record<string, string> {
  return {
    "Content-Security-Policy": contentSecurityPolicy(options),
    "Permissions-Policy": PERMISSIONS_POLICY,
    ...commonHeaders(options.https),
  };
}

/** The dashboard is served over HTTPS when any of its configured origins is https://. */
export const servedOverHttps = (origins: string[]) => origins.some((origin) => origin.startsWith("https://"));

/** Paths whose answers are API data: never stored by a browser or a proxy. */
export const isApiPath = (pathname: string) =>
  pathname.startsWith("/public/") || pathname.startsWith("/api/") || pathname.startsWith("/rpc/");

/**
 * The headers of an API answer (/public/v1/submit and /query), which the API sets itself: the
 * proxy (proxy.ts) does not run for those paths, since it made Next.js copy every request body for
 * it, a fifth of a signed activity's server time, to add headers that a JSON answer can carry
 * statically. Nothing in a JSON answer may run, load or be framed; it is never stored or compressed.
 */
export function apiSecurityHeaders(https: boolean): Record<string, string> {
  return {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "Cache-Control": NO_STORE_NO_TRANSFORM,
    ...commonHeaders(https),
  };
}
