import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The Outbox page for operators: a backend asks for a one-time code, the server delivers it over
 * SMTP to its embedded sink (LATCHKEY_SMTP_URL is unset here), and the page shows the message as
 * sent with the text the sink received — the code the user would type.
 */
let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
/** The organization and backend the first test makes, which the Resend test reuses. */
let backend: ReturnType<typeof apiClient>;

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("a one-time code e-mail appears in the Outbox as sent, with what the local sink received", async () => {
  const organizationId = await createOrganization(page, { organizationName: "Mailroom", userName: "mo" });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  backend = apiClient(server.baseUrl, organizationId, backendKey);
  await backend.initOtp({
    otpType: "OTP_TYPE_EMAIL",
    contact: "Reader@Example.com",
    appName: "Mailroom",
    otpLength: 7,
  });

  await nav(page, "Outbox");
  const row = page.locator('[data-message="reader@example.com"]');
  await expect(row).toContainText("Mailroom: your verification code");
  // Delivery runs in the background; the page looks again until the message has left.
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await row.getByText("Message received by the local SMTP sink").click();
  await expect(row.locator("pre")).toContainText(/Your Mailroom verification code is:\s+[0-9A-Z]{7}/);
  await screenshot(page, "outbox");
  expect(consoleErrors).toEqual([]);
});

test("Resend delivers the same code again; the Outbox keeps one row and counts it", async () => {
  await backend.initOtp({
    otpType: "OTP_TYPE_EMAIL",
    contact: "again@example.com",
    appName: "Mailroom",
    otpLength: 6,
  });
  // Load afresh: the list stops polling once nothing is queued.
  await page.goto("/outbox");
  const row = page.locator('[data-message="again@example.com"]');
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await row.getByText("Message received by the local SMTP sink").click();
  const firstText = (await row.locator("pre").textContent()) ?? "";
  const code = /verification code is:\s+([0-9A-Z]{6})/.exec(firstText)?.[1];
  expect(code).toBeDefined();

  await row.getByRole("button", { name: "Resend" }).click();
  await expect(row).toContainText("resent 1×");
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await expect(row).toHaveCount(1);
  await page.reload();
  await page
    .locator('[data-message="again@example.com"]')
    .getByText("Message received by the local SMTP sink")
    .click();
  await expect(page.locator('[data-message="again@example.com"] pre')).toContainText(`${code}`);
  await expect(page.locator('[data-message="again@example.com"]')).toContainText("resent 1×");
  expect(consoleErrors).toEqual([]);
});
