import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The organization page: rename the organization, then govern it — add a second root user to the
 * quorum and raise the threshold, after which the next root change waits for a second approval.
 * Each change is checked through the public API as a backend would see it.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
let organizationId: string;
const backendKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);

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

const quorumForm = () => page.getByRole("form", { name: "Root quorum" });
const rootUser = (name: string) => quorumForm().getByRole("checkbox", { name });

test("the organization page shows the id and renames the organization", async () => {
  organizationId = await createOrganization(page, { organizationName: "Northwind", userName: "olga" });
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);

  await nav(page, "Organization");
  await expect(page.getByTestId("organization-id")).toHaveText(organizationId);
  await page.getByLabel("Organization name").fill("Northwind Treasury");
  await page.getByRole("button", { name: "Rename" }).click();
  await expect(page.getByTestId("organization-name")).toHaveText("Northwind Treasury");
  expect((await backend().getWhoami({ organizationId })).organizationName).toBe("Northwind Treasury");
});

test("the quorum editor explains what it refuses before any prompt", async () => {
  await nav(page, "Users");
  await page.getByLabel("User name").fill("pavel");
  await page.getByRole("button", { name: "Create user" }).click();
  await expect(page.locator('[data-user="pavel"]')).toBeVisible();

  await nav(page, "Organization");
  await expect(rootUser("olga (you)")).toBeChecked();
  await expect(rootUser("pavel")).not.toBeChecked();
  await expect(page.getByTestId("quorum-summary")).toHaveText("A root change needs 1 of 1 root user.");
  // Nothing changed yet: nothing to submit.
  await expect(page.getByRole("button", { name: "Update root quorum" })).toBeDisabled();

  await page.getByLabel("Approvals needed").fill("2");
  await expect(quorumForm().getByRole("alert")).toHaveText(
    "The threshold (2) cannot exceed the number of root users (1).",
  );
  await expect(page.getByRole("button", { name: "Update root quorum" })).toBeDisabled();

  await rootUser("olga (you)").uncheck();
  await expect(quorumForm().getByRole("alert").first()).toHaveText("Choose at least one root user.");
  await rootUser("pavel").check();
  await page.getByLabel("Approvals needed").fill("1");
  await expect(quorumForm().getByRole("status")).toContainText("You are not in this quorum");
  await rootUser("olga (you)").check();
  await expect(quorumForm().getByRole("status")).toHaveCount(0);
});

test("a second root user and a threshold of 2: the next root change waits for an approval", async () => {
  await page.getByLabel("Approvals needed").fill("2");
  await expect(page.getByTestId("quorum-summary")).toHaveText("A root change needs 2 of 2 root users.");
  await screenshot(page, "organization-quorum");
  await page.getByRole("button", { name: "Update root quorum" }).click();
  // The quorum in force was 1 of 1: olga's own approval decides, the change is done at once.
  await expect(page.getByRole("button", { name: "Update root quorum" })).toBeDisabled();

  const { users } = await backend().getUsers({ organizationId });
  const pavel = users.find((user) => user.userName === "pavel")!;
  const olga = users.find((user) => user.userName === "olga")!;
  // The button is disabled while the change is in flight too: wait for the change itself.
  await expect
    .poll(async () => (await backend().getOrganizationConfigs({ organizationId })).configs.quorum?.threshold)
    .toBe(2);
  const { configs } = await backend().getOrganizationConfigs({ organizationId });
  expect([...(configs.quorum?.userIds ?? [])].sort()).toEqual([olga.userId, pavel.userId].sort());

  // Now a rename by olga alone is only a proposal.
  await page.getByLabel("Organization name").fill("Northwind Holdings");
  await page.getByRole("button", { name: "Rename" }).click();
  const waiting = page
    .getByRole("status")
    .filter({ hasText: "takes effect once enough root users approve it" });
  await expect(waiting).toBeVisible();
  await waiting.getByRole("link", { name: "View the activity" }).click();
  await expect(page).toHaveURL(/\/activities\/[0-9a-f-]{36}$/);
  const activityId = page.url().split("/").pop()!;
  const { activity } = await backend().getActivity({ organizationId, activityId });
  expect(activity.type).toBe("ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME");
  expect(activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
  expect((await backend().getWhoami({ organizationId })).organizationName).toBe("Northwind Treasury");
  expect(consoleErrors).toEqual([]);
});
