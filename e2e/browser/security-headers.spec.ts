import { expect, type Page, test } from "@playwright/test";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { createOrganization, watchConsole } from "./dashboard";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * What a browser enforces for the dashboard: the security headers on every page and API answer, no
 * rendering inside another site's frame (clickjacking of the Approve button), and a whole sign-up
 * and sign-in working under the Content-Security-Policy without a single violation.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  // Every CSP violation the page sees, recorded before any of its own scripts run.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const violations = () =>
  page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations);

test("every page and API answer carries the security headers", async () => {
  for (const path of ["/setup", "/login", "/activities", "/invite", "/public/v1/openapi.json"]) {
    const response = await page.request.get(path, { maxRedirects: 0 });
    const headers = response.headers();
    const csp = headers["content-security-policy"] ?? "";
    expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{16,}' 'strict-dynamic'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toContain("unsafe-eval");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["permissions-policy"], path).toContain("publickey-credentials-get=(self)");
    expect(headers["strict-transport-security"], path).toBeUndefined(); // plain http://localhost
  }
  // The API's submit and query answers and /healthz carry their own (apiSecurityHeaders): refusals
  // included. `latchkey start` answers these paths itself, without Next (server/direct-routes-slot.ts).
  const apiAnswers = [
    ["/public/v1/query/whoami", await page.request.post("/public/v1/query/whoami", { data: {} }), 401],
    [
      "/public/v1/submit/create_users",
      await page.request.post("/public/v1/submit/create_users", { data: {} }),
      401,
    ],
    ["/healthz", await page.request.get("/healthz"), 200],
  ] as const;
  for (const [path, answer, status] of apiAnswers) {
    expect(answer.status(), path).toBe(status);
    const headers = answer.headers();
    expect(headers["content-security-policy"], path).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(headers["x-frame-options"], path).toBe("DENY");
    expect(headers["referrer-policy"], path).toBe("no-referrer");
    expect(headers["x-content-type-options"], path).toBe("nosniff");
    expect(headers["strict-transport-security"], path).toBeUndefined();
  }
  const gzip = { "accept-encoding": "gzip" };
  const api = await page.request.post("/public/v1/query/whoami", { data: {}, headers: gzip });
  expect(api.headers()["cache-control"]).toBe("no-store, no-transform");
  // API and health answers are never compressed (no compression oracle on secrets); pages are.
  expect(api.headers()["content-encoding"]).toBeUndefined();
  expect(
    (await page.request.get("/healthz", { headers: gzip })).headers()["content-encoding"],
  ).toBeUndefined();
  expect((await page.request.get("/login", { headers: gzip })).headers()["content-encoding"]).toBe("gzip");
  // Each answer has a nonce of its own.
  const nonceOf = async () =>
    /'nonce-([^']+)'/.exec((await page.request.get("/login")).headers()["content-security-policy"]!)?.[1];
  expect(await nonceOf()).not.toBe(await nonceOf());
});

test("a page framed by another site does not render", async ({ browser }) => {
  const attacker = await browser.newPage();
  await attacker.route("http://attacker.test/", (route) =>
    route.fulfill({
      contentType: "text/html",
      body: `<h1>Win a prize</h1><iframe id="victim" src="${server.baseUrl}/login" width="800" height="600"></iframe>`,
    }),
  );
  await attacker.goto("http://attacker.test/");
  await expect(attacker.getByRole("heading", { name: "Win a prize" })).toBeVisible();
  // The frame exists but holds nothing of ours: the browser refused to render the dashboard in it.
  await attacker.waitForTimeout(1_000);
  const frame = attacker.frames().find((f) => f !== attacker.mainFrame());
  const framedText = frame
    ? await frame.evaluate(() => document.body?.textContent ?? "").catch(() => "")
    : "";
  expect(framedText).not.toMatch(/Sign in|passkey|Latchkey/i);
  await attacker.close();
});

test("sign-up and the dashboard run under the policy with no violation", async () => {
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Strict Co", userName: "sam" });
  await expect(page.getByRole("navigation").getByRole("link", { name: "Users" })).toBeVisible();
  await page.getByRole("navigation").getByRole("link", { name: "Users", exact: true }).click();
  await expect(page.getByRole("cell", { name: /sam/ }).first()).toBeVisible();
  expect(await violations()).toEqual([]);
  expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
});
