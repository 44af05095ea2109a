import { expect, type Page } from "@playwright/test";
import { Turnkey } from "@turnkey/sdk-server";
import { screenshot } from "./screenshots";

/** Collect what a developer would see in red in the console (errors, hydration mismatches). */
export function watchConsole(page: Page, into: string[]): void {
  page.on("console", (message) => {
    if (message.type() === "error") into.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => into.push(error.message));
}

/** Create the installation's organization on the first-run page; returns its id once signed in. */
export async function createOrganization(
  page: Page,
  input: { organizationName: string; userName: string; userEmail?: string },
): Promise<string> {
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Organization name").fill(input.organizationName);
  await page.getByLabel("Your user name").fill(input.userName);
  if (input.userEmail) await page.getByLabel("Email (optional)").fill(input.userEmail);
  await screenshot(page, "setup");
  await page.getByRole("button", { name: "Create organization with a passkey" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText(input.userName);
  const organizationId = await page.evaluate(() => localStorage.getItem("latchkey.organizationId"));
  expect(organizationId).toMatch(/^[0-9a-f-]{36}$/);
  return organizationId!;
}

/** A backend's view: the official server SDK with an API key, against the same public API. */
export function apiClient(
  baseUrl: string,
  organizationId: string,
  pair: { publicKey: string; privateKey: string },
) {
  return new Turnkey({
    apiBaseUrl: baseUrl,
    apiPublicKey: pair.publicKey,
    apiPrivateKey: pair.privateKey,
    defaultOrganizationId: organizationId,
    // Activities waiting for consensus are the point here: look once, do not poll for seconds.
    activityPoller: { intervalMs: 10, numRetries: 0 },
  }).apiClient();
}

export const nav = (page: Page, name: string) =>
  page.getByRole("navigation").getByRole("link", { name, exact: true }).click();

/** Give a backend an API key of the signed-in user on the API keys page, and see it listed. */
export async function addApiKeyInBrowser(page: Page, name: string, publicKey: string): Promise<void> {
  await nav(page, "API keys");
  await page.getByLabel("Key name").fill(name);
  await page.getByLabel("Public key (hex)").fill(publicKey);
  await page.getByRole("button", { name: "Add API key" }).click();
  await expect(page.locator(`[data-api-key="${name}"]`)).toBeVisible();
}

/**
 * Approve or reject on the page shown: the button opens a confirmation with the summary and the
 * decoded content, whose "… with passkey" button signs the vote.
 */
export async function decide(page: Page, decision: "Approve" | "Reject"): Promise<void> {
  await page.getByRole("button", { name: decision, exact: true }).first().click();
  await expect(page.getByTestId("confirm-summary")).not.toHaveText(/Loading/);
  await page.getByRole("button", { name: `${decision} with passkey` }).click();
}
