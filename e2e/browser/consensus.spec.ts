import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, decide, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
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
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

let organizationId: string;
const backendKey = generateP256KeyPair();
const secondRootKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);
const bob = () => apiClient(server.baseUrl, organizationId, secondRootKey);

test("a fresh installation creates its organization with a passkey", async () => {
  organizationId = await createOrganization(page, {
    organizationName: "Acme Custody",
    userName: "alice",
    userEmail: "alice@acme.test",
  });
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Custody");
  await nav(page, "Activities");
  const bootstrap = page.locator("[data-activity-id]").filter({ hasText: "Create organization" });
  await expect(bootstrap).toContainText("first-run setup");

  // The first-run endpoints are closed now.
  const again = await page.request.post("/api/setup/options");
  expect(again.status()).toBe(400);
  expect((await again.json()).message).toMatch(/already has an organization/);
});

test("signs out, and signs in again with the passkey", async () => {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/activities");
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel("Organization id")).toHaveValue(organizationId);
  await screenshot(page, "login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/overview$/);
  await expect(page.getByTestId("signed-in-user")).toHaveText("alice");
});

test("gives a backend an API key, which then makes a second root user and raises the quorum", async () => {
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);

  const me = await backend().getWhoami({ organizationId });
  expect(me.username).toBe("alice");
  // Signing out deleted the first session on the server: only this browser's current one is left.
  const { apiKeys } = await backend().getApiKeys({ userId: me.userId });
  const sessions = apiKeys.filter((k) => k.credential.type === "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256");
  expect(sessions).toHaveLength(1);
  await expect(page.locator(`[data-api-key="${sessions[0]!.apiKeyName}"]`)).toContainText("this browser");
  await screenshot(page, "api-keys");

  const { userIds } = await backend().createUsers({
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
  const raised = await backend().updateRootQuorum({ threshold: 2, userIds: [me.userId, userIds[0]!] });
  expect(raised.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
});

async function openPending(name: string) {
  const pending = await bob().updateOrganizationName({ organizationName: name });
  expect(pending.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  await nav(page, "Activities");
  await page.getByLabel("Filter by status").selectOption("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  await expect(page).toHaveURL(/status=ACTIVITY_STATUS_CONSENSUS_NEEDED/);
  const row = page.locator(`[data-activity-id="${pending.activity.id}"]`);
  await expect(row).toContainText("Consensus needed");
  await expect(row).toContainText("bob");
  await screenshot(page, "activities-consensus-needed");
  await row.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/activities/${pending.activity.id}$`));
  await expect(page.getByTestId("activity-status")).toHaveText("Consensus needed");
  await expect(page.getByTestId("activity-submitter")).toHaveText("bob");
  await expect(page.getByText(pending.activity.fingerprint)).toBeVisible();
  await screenshot(page, "activity-detail-pending");
}

test("approves an activity that needs consensus; it completes", async () => {
  await openPending("Acme Holdings");
  await decide(page, "Approve");
  await expect(page.getByTestId("activity-status")).toHaveText("Completed");
  await expect(page.getByRole("cell", { name: "Approved" })).toHaveCount(2);
  await expect(page.getByRole("cell", { name: "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Holdings");
  await screenshot(page, "activity-detail-completed");
});

test("rejects another; it is rejected and changes nothing", async () => {
  await openPending("Never Named");
  await decide(page, "Reject");
  await expect(page.getByTestId("activity-status")).toHaveText("Rejected");
  await expect(page.getByRole("cell", { name: "Rejected" })).toBeVisible();
  await page.reload();
  await expect(page.getByTestId("organization-name")).toHaveText("Acme Holdings");
});

/** A change alice submitted waits for bob; he approves it through the API. */
async function bobApprovesWhatAliceSubmitted(typeLabel: string) {
  const pending = page.getByRole("status").filter({ hasText: "once enough root users approve" });
  await pending.getByRole("link", { name: "View the activity" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(typeLabel);
  await expect(page.getByTestId("activity-status")).toHaveText("Consensus needed");
  // alice's own request already carries her approval: nothing left for her to decide.
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  const activityId = page.url().split("/").at(-1)!;
  const { activity } = await bob().getActivity({ activityId });
  await bob().approveActivity({ fingerprint: activity.fingerprint });
  await page.reload();
  await expect(page.getByTestId("activity-status")).toHaveText("Completed");
}

test("creates and deletes a user (each change needs both roots now)", async () => {
  await nav(page, "Users");
  await expect(page.locator('[data-user="bob"]')).toBeVisible();
  await page.getByLabel("User name").fill("carol");
  await page.getByRole("button", { name: "Create user" }).click();
  await bobApprovesWhatAliceSubmitted("Create users");

  await nav(page, "Users");
  const carol = page.locator('[data-user="carol"]');
  await expect(carol).toBeVisible();
  await carol.getByRole("button", { name: "Delete user carol" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete user carol?");
  await screenshot(page, "users-confirm-delete");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await bobApprovesWhatAliceSubmitted("Delete users");

  await nav(page, "Users");
  await expect(page.locator('[data-user="bob"]')).toBeVisible();
  await expect(page.locator('[data-user="carol"]')).toHaveCount(0);
});

test("filters the activities by type, and pages through them", async () => {
  await nav(page, "Activities");
  await page.getByLabel("Filter by type").selectOption({ label: "Update organization name" });
  const rows = page.locator("[data-activity-id]");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText("Rejected");
  await expect(rows.nth(1)).toContainText("Completed");

  // 11 so far (create organization, 2 sign-ins, a sign-out, API key, bob, quorum, 2 renames, carol
  // created and deleted); 10 more proposals from bob make 21: one more than a page holds.
  for (let i = 1; i <= 10; i++) await bob().updateOrganizationName({ organizationName: `Proposal ${i}` });
  await page.getByLabel("Filter by type").selectOption({ label: "All types" });
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole("button", { name: "Newer" })).toBeDisabled();
  await screenshot(page, "activities-all");
  await page.getByRole("button", { name: "Older" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Create organization");
  await expect(page.getByRole("button", { name: "Older" })).toBeDisabled();
  await page.getByRole("button", { name: "Newer" }).click();
  await expect(rows).toHaveCount(20);
  await expect(rows.first()).toContainText("Update organization name");
  await expect(page.getByRole("button", { name: "Newer" })).toBeDisabled();
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
