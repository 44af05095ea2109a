import { type NextRequest, NextResponse } from "next/server";
import { isApiPath, securityHeaders, servedOverHttps } from "@/server/api/security-headers";
import { NO_STORE_NO_TRANSFORM } from "@/server/observability/cache-control";

// LATCHKEY_ORIGINS, read here as the server's config reads it (the proxy has no app context).
const https = servedOverHttps((process.env.LATCHKEY_ORIGINS ?? "").split(",").map((o) => o.trim()));

/**
 * Every request but static assets, the API's submit and query paths and /healthz (their answers carry
 * their own headers: apiSecurityHeaders says why): a fresh nonce, the security headers on the answer, and
 * the CSP on the request too, where Next.js reads the nonce to stamp its own scripts.
 */
export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64");
  const headers = securityHeaders({ nonce, https, development: process.env.NODE_ENV === "development" });
  const forwarded = new Headers(request.headers);
  forwarded.set("x-nonce", nonce);
  forwarded.set("Content-Security-Policy", headers["Content-Security-Policy"]!);
  const response = NextResponse.next({ request: { headers: forwarded } });
  for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
  // API answers are never stored and never compressed (cache-control.ts says why).
  if (isApiPath(request.nextUrl.pathname)) response.headers.set("Cache-Control", NO_STORE_NO_TRANSFORM);
  return response;
}

export const config = {
  matcher: [
    {
      source:
        "/((?!public/v1/submit/|public/v1/query/|healthz$|_next/static|_next/image|favicon.ico|icon.svg|icon-192.png|icon-512.png|apple-touch-icon.png).*)",
      missing: [
        { type: "header", key: "next-router-prefetch" },
        { type: "header", key: "purpose", value: "prefetch" },
      ],
    },
  ],
};
