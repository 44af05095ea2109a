import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type Receiver, startReceiver, verifyDelivery } from "../../server/webhooks/__tests__/receiver";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The Webhooks page: an endpoint added with the passkey hears about its own creation; a real
 * receiver refuses the first attempt, takes the retry, and the delivery log shows both attempts;
 * Redeliver sends the same event again. The server runs as in production (https only), with
 * loopback and http explicitly allowed for this receiver.
 */
let server: EmptyServer;
let receiver: Receiver;
let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  receiver = await startReceiver((n) => (n === 1 ? 500 : 200));
  server = await startEmptyServer({
    env: {
      LATCHKEY_WEBHOOK_ALLOW_HTTP: "true",
      LATCHKEY_WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1/32",
      LATCHKEY_WEBHOOK_RETRY_BASE_MS: "500",
    },
  });
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
  await receiver?.close();
});

test("an endpoint's deliveries are retried, logged with their status codes, and redelivered", async () => {
  const organizationId = await createOrganization(page, { organizationName: "Hooks", userName: "hana" });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId, backendKey);
  await backend.setOrganizationFeature({ name: "FEATURE_NAME_WEBHOOK", value: "" });

  await nav(page, "Webhooks");
  await page.getByLabel("Name", { exact: true }).fill("Receiver");
  await page.getByLabel("URL", { exact: true }).fill(receiver.url);
  await page.getByLabel("Transaction status changes").check();
  await page.getByRole("button", { name: "Add endpoint" }).click();
  const card = page.locator('[data-endpoint="Receiver"]');
  await expect(card).toContainText("active");
  await expect(card.getByRole("list", { name: "Subscriptions" })).toContainText("Activity status changes");

  await card.getByRole("button", { name: "Deliveries" }).click();
  const log = card.getByRole("table", { name: "Delivery log" });
  // The first attempt got a 500; the retry, half a second or so later, a 200.
  await expect(log.getByText("succeeded")).toBeVisible();
  await expect(log).toContainText("HTTP 500");
  await expect(log).toContainText("HTTP 200");
  expect(receiver.received).toHaveLength(2);

  await log.getByRole("button", { name: "Redeliver" }).first().click();
  // The redelivery, and the event of the redeliver activity itself (the endpoint hears ACTIVITY_UPDATES).
  await expect(log.locator("[data-delivery]")).toHaveCount(3);
  await expect.poll(() => receiver.received.length).toBe(4);
  // The key the page shows is the one every delivery verifies against (the documented algorithm).
  const key = (await card.locator("[data-signing-key]").textContent()) ?? "";
  expect(key).toMatch(/^04[0-9a-f]{128}$/);
  for (const seen of receiver.received) expect(verifyDelivery(key, seen, Date.now())).toBe(true);
  const later = receiver.received.slice(2).map((seen) => seen.body);
  expect(later).toContain(receiver.received[0]!.body);
  await screenshot(page, "webhooks");
  expect(consoleErrors).toEqual([]);
});
