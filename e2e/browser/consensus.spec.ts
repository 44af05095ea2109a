import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The admin's first day: create the organization with a passkey, sign out and in again, give a
 * backend an API key, then decide in the browser on activities that need a second root's approval.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(`${message.text()} (${message.location().url})`);
  });
  page.on("pageerror", (error) => consoleErrors.push(error.message));
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const client = (organizationId: string, pair: { publicKey: string; privateKey: string }) =>
  new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: pair.publicKey,
    apiPrivateKey: pair.privateKey,
    defaultOrganizationId: organizationId,
  }).apiClient();

let organizationId: string;

const nav = (name: string) => page.getByRole("navigation").getByRole("link", { name, exact: true }).click();

test("a fresh installation creates its organization with a passkey", async () => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await page.getByLabel("Organization name").fill("Acme Custody");
  await page.getByLabel("Your user name").fill("alice");
  await page.getByLabel("Email (optional)").fill("alice@acme.test");
  await page.getByRole("button", { name: "Create organization with a passkey" }).click();

  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Custody");
  await expect(page.getByTestId("signed-in-user")).toHaveText("alice");
  await expect(page.getByRole("link", { name: "Create organization" })).toBeVisible();
  organizationId = (await page.evaluate(() => localStorage.getItem("latchkey.organizationId")))!;
  expect(organizationId).toMatch(/^[0-9a-f-]{36}$/);

  // The first-run endpoint is closed now.
  const again = await page.request.post("/api/setup/options");
  expect(again.status()).toBe(400);
});

test("signs out, and signs in again with the passkey", async () => {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/activities");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Organization id")).toHaveValue(organizationId);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/activities$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText("alice");
});

const backendKey = generateP256KeyPair();
const secondRootKey = generateP256KeyPair();

test("gives a backend an API key, which then makes a second root user and raises the quorum", async () => {
  await nav("API keys");
  await page.getByLabel("Key name").fill("backend");
  await page.getByLabel("Public key (hex)").fill(backendKey.publicKey);
  await page.getByRole("button", { name: "Add API key" }).click();
  await expect(page.locator('[data-api-key="backend"]')).toBeVisible();

  const backend = client(organizationId, backendKey);
  const me = await backend.getWhoami({ organizationId });
  expect(me.username).toBe("alice");
  const { userIds } = await backend.createUsers({
    users: [
      {
        userName: "bob",
        apiKeys: [{ apiKeyName: "bob", publicKey: secondRootKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  const raised = await backend.updateRootQuorum({ threshold: 2, userIds: [me.userId, userIds[0]!] });
  expect(raised.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
});

async function openPending(name: string) {
  const bob = client(organizationId, secondRootKey);
  const pending = await bob.updateOrganizationName({ organizationName: name });
  expect(pending.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  await nav("Activities");
  await page.getByLabel("Filter by status").selectOption("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  const row = page.locator(`[data-activity-id="${pending.activity.id}"]`);
  await expect(row).toContainText("Consensus needed");
  await expect(row).toContainText("bob");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/activities/${pending.activity.id}$`));
  await expect(page.getByTestId("activity-status")).toHaveText("Consensus needed");
  await expect(page.getByText(pending.activity.fingerprint)).toBeVisible();
  return pending.activity.id;
}

test("approves an activity that needs consensus; it completes", async () => {
  await openPending("Acme Holdings");
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page.getByTestId("activity-status")).toHaveText("Completed");
  await expect(page.getByRole("cell", { name: "Approved" })).toHaveCount(2);
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Holdings");
});

test("rejects another; it is rejected and changes nothing", async () => {
  await openPending("Never Named");
  await page.getByRole("button", { name: "Reject" }).click();
  await expect(page.getByTestId("activity-status")).toHaveText("Rejected");
  await expect(page.getByRole("cell", { name: "Rejected" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Holdings");
});

test("creates and deletes a user (each change needs both roots now)", async () => {
  await nav("Users");
  await expect(page.locator('[data-user="bob"]')).toBeVisible();
  await page.getByLabel("User name").fill("carol");
  await page.getByRole("button", { name: "Create user" }).click();
  // The quorum is 2: alice's request waits for bob, who approves through the API.
  await nav("Activities");
  await page.getByLabel("Filter by status").selectOption("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  const row = page.locator("[data-activity-id]").first();
  await expect(row).toContainText("Create users v4");
  const activityId = (await row.getAttribute("data-activity-id"))!;
  const bob = client(organizationId, secondRootKey);
  const { activity } = await bob.getActivity({ activityId });
  await bob.approveActivity({ fingerprint: activity.fingerprint });

  await nav("Users");
  const carol = page.locator('[data-user="carol"]');
  await expect(carol).toBeVisible();
  await carol.getByRole("button", { name: "Delete carol" }).click();
  await nav("Activities");
  await page.getByLabel("Filter by status").selectOption("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  const deletion = page.locator("[data-activity-id]").first();
  await expect(deletion).toContainText("Delete users");
  const deletionId = (await deletion.getAttribute("data-activity-id"))!;
  const pendingDelete = await bob.getActivity({ activityId: deletionId });
  await bob.approveActivity({ fingerprint: pendingDelete.activity.fingerprint });
  await nav("Users");
  await expect(page.locator('[data-user="carol"]')).toHaveCount(0);
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
