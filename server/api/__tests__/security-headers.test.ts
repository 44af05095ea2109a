import { describe, expect, it } from "vitest";
import {
  apiSecurityHeaders,
  contentSecurityPolicy,
  securityHeaders,
  servedOverHttps,
} from "../security-headers";

describe("security headers", () => {
  it("lets only this response's nonced scripts run, never framed, eval only for next dev", () => {
    const csp = contentSecurityPolicy({ nonce: "abc123", development: false, https: false });
    expect(csp).toContain("script-src 'self' 'nonce-abc123' 'strict-dynamic'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(contentSecurityPolicy({ nonce: "n", development: true, https: false })).toContain("'unsafe-eval'");
  });

  it("sends HSTS only when the dashboard is served over HTTPS", () => {
    expect(securityHeaders({ nonce: "n", development: false, https: false })).not.toHaveProperty(
      "Strict-Transport-Security",
    );
    expect(
      securityHeaders({ nonce: "n", development: false, https: true })["Strict-Transport-Security"],
    ).toMatch(/^max-age=\d+/);
  });

  it("gives API answers a policy under which nothing runs, loads or frames them, never stored or compressed", () => {
    const headers = apiSecurityHeaders(false);
    expect(headers["Content-Security-Policy"]).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers).toMatchObject({
      "X-Frame-Options": "DENY",
      "X-Content-Type-Options": "nosniff",
      "Referrer-Policy": "no-referrer",
      "Cache-Control": "no-store, no-transform",
    });
    expect(headers).not.toHaveProperty("Strict-Transport-Security");
    expect(apiSecurityHeaders(true)["Strict-Transport-Security"]).toMatch(/^max-age=\d+/);
  });

  it("counts the dashboard as served over HTTPS when any configured origin is https://", () => {
    expect(servedOverHttps(["http://localhost:3000"])).toBe(false);
    expect(servedOverHttps(["http://localhost:3000", "https://keys.acme.test"])).toBe(true);
    expect(servedOverHttps([])).toBe(false);
  });
});
