import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE } from "./layout-checks";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The sandbox on-ramp as people meet it: a backend starts a purchase, the buyer opens its
 * onRampUrl (no login) and pays; support finds the transaction on the On-ramp page, sees its
 * history, refreshes it until it is completed; the page fits a phone.
 */
let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer({ env: { LATCHKEY_ONRAMP_SANDBOX_STEP_MS: "300" } });
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("the buyer pays on the sandbox checkout; support looks the purchase up and refreshes it to completed", async ({
  browser,
}) => {
  const organizationId = await createOrganization(page, { organizationName: "Ramp Co", userName: "sam" });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId, backendKey);
  const wallet = "0x3333333333333333333333333333333333333333";
  const { onRampUrl, onRampTransactionId } = await backend.initFiatOnRamp({
    onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
    walletAddress: wallet,
    network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
    cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
    fiatCurrencyAmount: "60",
  });

  // The buyer, in a browser of their own (no session): the link alone opens the checkout.
  const buyer = await browser.newPage();
  await buyer.goto(onRampUrl);
  await expect(buyer.getByRole("heading", { name: "Sandbox checkout" })).toBeVisible();
  await expect(buyer.getByText(wallet)).toBeVisible();
  await expect(buyer.getByLabel("Amount (USD)")).toHaveValue("60");
  await buyer.getByRole("button", { name: "Pay" }).click();
  await expect(buyer.getByRole("status")).toContainText("Paid.");
  await screenshot(buyer, "onramp-checkout");
  await buyer.close();

  await nav(page, "On-ramp");
  const row = page.locator(`[data-transaction="${onRampTransactionId}"]`);
  await expect(row).toContainText("MOONPAY (sandbox)");
  await page.getByLabel("Transaction id").fill(onRampTransactionId);
  await page.getByRole("button", { name: "Look up" }).click();
  const found = page.getByRole("region", { name: "Transaction" });
  await expect(found).toContainText(wallet);
  await expect(found).toContainText("60 USD");
  const history = page.getByRole("table", { name: "Status history" });
  await expect(history).toContainText("awaitingPayment");
  await expect(history).toContainText("waitingAuthorization");
  // The sandbox moves on in the background; Refresh asks again until it is delivered.
  await expect(async () => {
    await found.getByRole("button", { name: "Refresh" }).click();
    await expect(found.getByTestId("onramp-status")).toHaveText("COMPLETED", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(history).toContainText("completed");
  await expect(found).toContainText("20000000000000000 base units"); // 60 USD at ETH=3000

  await page.getByLabel("Status", { exact: true }).selectOption("FAILED");
  await expect(page.getByText("No on-ramp transactions match.")).toBeVisible();
  await page.getByLabel("Status", { exact: true }).selectOption("COMPLETED");
  await expect(row).toBeVisible();
  await screenshot(page, "onramp-support");

  // On a phone: the page fits, its rows are cards, its controls are thumb-sized.
  await page.setViewportSize(PHONE.viewport);
  await page.reload();
  await expect(page.getByRole("table", { name: "Status history" })).toContainText("completed");
  await expectNoSidewaysScroll(page, "on-ramp");
  await expectTouchTargets(page.locator("main"), "on-ramp");
  expect(consoleErrors).toEqual([]);
});
