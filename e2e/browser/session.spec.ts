import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/** How a signed-in browser behaves over time: theme remembered, sessions that run out or are revoked. */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
let organizationId: string;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
  organizationId = await createOrganization(page, { organizationName: "Night Shift", userName: "dana" });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("dark mode is a class on <html>, remembered across reloads", async () => {
  const html = page.locator("html");
  await expect(html).not.toHaveClass(/dark/);
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(html).toHaveClass(/dark/);
  await page.reload();
  await expect(html).toHaveClass(/dark/);
  await expect(page.getByRole("button", { name: "Switch to light mode" })).toBeVisible();
  await expect(page.getByTestId("signed-in-user")).toHaveText("dana");
  await screenshot(page, "activities-dark");
  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await page.reload();
  await expect(page.getByRole("button", { name: "Switch to dark mode" })).toBeVisible();
  await expect(html).not.toHaveClass(/dark/);
});

test("a session revoked through the API ends in the browser at its next read", async () => {
  // Give a backend an API key from the dashboard (a single root: it takes effect at once)…
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "ops", backendKey.publicKey);

  // …which revokes this browser's session.
  const ops = apiClient(server.baseUrl, organizationId, backendKey);
  const me = await ops.getWhoami({ organizationId });
  const { apiKeys } = await ops.getApiKeys({ userId: me.userId });
  const session = apiKeys.find((k) => k.credential.type === "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256")!;
  await ops.deleteApiKeys({ userId: me.userId, apiKeyIds: [session.apiKeyId] });

  await nav(page, "Users");
  await expect(page).toHaveURL(/\/login\?ended=1$/);
  await expect(page.getByRole("status")).toHaveText("Your session ended. Sign in again to continue.");
  // The browser forgot the dead key too: the dashboard stays closed until the passkey signs in.
  await page.goto("/activities");
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("signed-in-user")).toHaveText("dana");
});

test("signing out while a read is on its way: the read is answered, then the key is deleted", async () => {
  const refused: string[] = [];
  const onResponse = (response: { status(): number; url(): string }) => {
    if (response.status() === 401) refused.push(response.url());
  };
  page.on("response", onResponse);
  // The sidebar's unread count reads list_notifications on every dashboard page (and every 10 s):
  // held here for 1.5 s, as a slow network would, so the sign-out starts while it is on its way.
  await page.route("**/public/v1/query/list_notifications", async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  try {
    const sent = page.waitForRequest("**/public/v1/query/list_notifications");
    const answered = page.waitForResponse("**/public/v1/query/list_notifications");
    await page.goto("/activities");
    await sent;
    await page.getByRole("button", { name: "Sign out" }).click();
    await expect(page).toHaveURL(/\/login$/);
    const held = await answered;
    // Answered with the key it was stamped with: the key's deletion waited for it.
    expect(held.status()).toBe(200);
    // Nothing stamped with the deleted key reached the server after it (no poll, no refusal).
    await page.waitForTimeout(500);
    expect(refused).toEqual([]);
  } finally {
    page.off("response", onResponse);
    await page.unroute("**/public/v1/query/list_notifications");
  }
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page.getByTestId("signed-in-user")).toHaveText("dana");
});

// Last: it moves this browser's clock on for good.
test("when the session's 15 minutes are up, the dashboard asks for the passkey again", async () => {
  await page.clock.install();
  await page.goto("/users");
  await expect(page.locator('[data-user="dana"]')).toBeVisible();
  await page.clock.fastForward("15:01");
  await expect(page).toHaveURL(/\/login\?ended=1$/);
  await expect(page.getByRole("status")).toHaveText("Your session ended. Sign in again to continue.");
});

test("no errors in the browser console", () => {
  // The revoked session's refused read is expected; nothing else may appear.
  const unexpected = consoleErrors.filter((e) => !e.includes("status of 401"));
  expect(unexpected).toEqual([]);
});
