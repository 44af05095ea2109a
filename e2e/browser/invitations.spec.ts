import { type BrowserContext, type CDPSession, expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A second person joins through the dashboard alone: the root user invites bob with a link, bob
 * makes his own passkey on his own device from it, and the link is spent. Then the root user keeps
 * a spare passkey on the "Your passkeys" page.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let root: Page;
let rootAuthenticator: string;
let bobContext: BrowserContext;
let bobPage: Page;
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  // Every passkey made in the dashboard proves possession (a server challenge it signs): under
  // this setting a registration that did not would be refused, and these tests would fail.
  server = await startEmptyServer({ env: { LATCHKEY_REQUIRE_REGISTRATION_CHALLENGE: "true" } });
  root = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(root, consoleErrors);
  rootAuthenticator = await addVirtualAuthenticator(root);
  // Bob's own browser: its own storage, its own passkey device.
  bobContext = await browser.newContext({ baseURL: server.baseUrl });
  bobPage = await bobContext.newPage();
  watchConsole(bobPage, consoleErrors);
  await addVirtualAuthenticator(bobPage);
});
test.afterAll(async () => {
  await bobContext?.close();
  await root?.close();
  await server?.stop();
});

let organizationId: string;
let link: string;
const backendKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);

test("the root user creates bob and an invitation link for him", async () => {
  organizationId = await createOrganization(root, { organizationName: "Harbor Trust", userName: "alice" });
  await nav(root, "Users");
  await root.getByLabel("User name").fill("bob");
  await root.getByRole("button", { name: "Create user" }).click();
  const bob = root.locator('[data-user="bob"]');
  await expect(bob).toContainText("0 passkeys, 0 API keys");
  // No invitation for yourself.
  await expect(root.locator('[data-user="alice"]').getByRole("button", { name: /Invite/ })).toHaveCount(0);

  await bob.getByRole("button", { name: "Invite bob" }).click();
  const dialog = root.getByRole("dialog");
  await expect(dialog).toContainText("Invitation link for bob");
  await expect(dialog).toContainText(
    "Anyone with this link can act as bob until it is used, or for 24 hours. Send it over a channel you trust.",
  );
  await expect(dialog.getByRole("button", { name: "Copy invitation link" })).toBeVisible();
  link = (await dialog.getByTestId("invitation-link").textContent()) ?? "";
  expect(link).toMatch(
    new RegExp(`^${server.baseUrl}/invite#o=${organizationId}&u=[0-9a-f-]{36}&k=[0-9a-f]{64}$`),
  );
  await screenshot(root, "users-invitation-link");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  // The invitation is an API key of bob's until it is used.
  await expect(bob).toContainText("0 passkeys, 1 API keys");
});

test("bob opens the link in his own browser, makes his passkey and is signed in", async () => {
  await bobPage.goto(link);
  await expect(bobPage.getByTestId("invitation-summary")).toHaveText(
    "You are invited to Harbor Trust as bob.",
  );
  await screenshot(bobPage, "invitation");
  await bobPage.getByRole("button", { name: "Create my passkey" }).click();
  await expect(bobPage).toHaveURL(/\/overview$/);
  await expect(bobPage.getByTestId("signed-in-user")).toHaveText("bob");
  await expect(bobPage.getByTestId("organization-name")).toHaveText("Harbor Trust");
  // The sign-in page will offer bob's organization from now on.
  expect(await bobPage.evaluate(() => localStorage.getItem("latchkey.organizationId"))).toBe(organizationId);
});

test("the link works once: opened again, it says it was already used", async () => {
  await bobPage.goto(link);
  await expect(bobPage.getByRole("main").getByRole("alert")).toHaveText(
    "This invitation has expired or was already used. Ask the person who invited you for a new one.",
  );
  await expect(bobPage.getByRole("button", { name: "Create my passkey" })).toHaveCount(0);
});

test("a malformed link says so", async () => {
  const valid = new URL(link);
  for (const fragment of ["", valid.hash.replace(/&k=[0-9a-f]+$/, ""), valid.hash.replace(/k=../, "k=")]) {
    await bobPage.goto(`/invite${fragment}`);
    await expect(bobPage.getByRole("main").getByRole("alert")).toHaveText(
      "This invitation link is incomplete or damaged. Copy the whole link again, or ask for a new one.",
    );
  }
  await screenshot(bobPage, "invitation-malformed");
});

test("through the API: bob has exactly one passkey and no invitation key left", async () => {
  await addApiKeyInBrowser(root, "audit", backendKey.publicKey);

  const { users } = await backend().getUsers({ organizationId });
  const bob = users.find((u) => u.userName === "bob")!;
  const { authenticators } = await backend().getAuthenticators({ userId: bob.userId });
  expect(authenticators).toHaveLength(1);
  expect(authenticators[0]!.authenticatorName).toBe("bob's passkey");
  // Only the session his sign-in made; the invitation key deleted itself.
  const { apiKeys } = await backend().getApiKeys({ userId: bob.userId });
  expect(apiKeys.map((k) => k.credential.type)).toEqual(["CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256"]);
  expect(apiKeys.some((k) => k.apiKeyName.startsWith("Invitation"))).toBe(false);
});

/**
 * How many passkeys the root user's (virtual) device holds for this site. One DevTools session,
 * kept open: with a session opened and detached per call, a later passkey prompt went unanswered.
 */
let rootDevice: CDPSession | undefined;
async function passkeysOnRootDevice(): Promise<number> {
  rootDevice ??= await root.context().newCDPSession(root);
  const { credentials } = await rootDevice.send("WebAuthn.getCredentials", {
    authenticatorId: rootAuthenticator,
  });
  return credentials.length;
}

test("the root user adds a second passkey, deletes one, and cannot delete the last", async () => {
  await nav(root, "Your passkeys");
  await expect(root).toHaveURL(/\/account$/);
  const rows = root.locator("[data-passkey]");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("alice's passkey");
  await expect(root.getByTestId("last-passkey")).toBeVisible();

  await root.getByLabel("Passkey name").fill("Backup key");
  await root.getByRole("button", { name: "Add a passkey" }).click();
  await expect(rows).toHaveCount(2);
  await expect(root.locator('[data-passkey="Backup key"]')).toBeVisible();
  // Made in the dashboard, it signed the server's challenge: the page says it is proven.
  await expect(root.locator('[data-passkey="Backup key"]').getByTestId("passkey-proven")).toHaveText(
    "Proven",
  );
  await expect(root.getByTestId("last-passkey")).toHaveCount(0);
  expect(await passkeysOnRootDevice()).toBe(2);
  await screenshot(root, "account-passkeys");

  await root.getByRole("button", { name: "Delete passkey Backup key" }).click();
  const confirm = root.getByRole("alertdialog");
  await expect(confirm).toContainText("Delete passkey Backup key?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(rows).toHaveCount(1);
  await expect(root.locator('[data-passkey="Backup key"]')).toHaveCount(0);
  // The device was told too (WebAuthn's Signal API): it no longer offers the deleted passkey.
  await expect.poll(passkeysOnRootDevice).toBe(1);

  // The last one: refused, and the page says why.
  await expect(root.getByRole("button", { name: "Delete passkey alice's passkey" })).toBeDisabled();
  await expect(root.getByTestId("last-passkey")).toHaveText(
    "This is your only passkey, so it cannot be deleted: without it you could no longer sign in or approve anything. Add another passkey first.",
  );

  // The passkey left still signs in.
  await root.getByRole("button", { name: "Sign out" }).click();
  await expect(root).toHaveURL(/\/login$/);
  await root.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(root.getByTestId("signed-in-user")).toHaveText("alice");
});

test("with a root quorum of two, an invitation waits for approval and shows no link", async () => {
  const secondRootKey = generateP256KeyPair();
  const me = await backend().getWhoami({ organizationId });
  const { userIds } = await backend().createUsers({
    users: [
      {
        userName: "carol",
        apiKeys: [
          { apiKeyName: "carol", publicKey: secondRootKey.publicKey, curveType: "API_KEY_CURVE_P256" },
        ],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  await backend().updateRootQuorum({ threshold: 2, userIds: [me.userId, userIds[0]!] });

  await nav(root, "Users");
  const bob = root.locator('[data-user="bob"]');
  await bob.getByRole("button", { name: "Invite bob" }).click();
  await expect(bob.getByRole("status")).toContainText("it takes effect once enough root users approve it");
  await expect(bob).toContainText("No link was made");
  await expect(root.getByRole("dialog")).toHaveCount(0);
});

test("no errors in the browser console but the spent link's refused read", () => {
  // The browser logs the 401 the spent invitation key got; that one is expected, nothing else is.
  const refused = (line: string) =>
    line.includes("status of 401") && line.includes("/public/v1/query/whoami");
  expect(consoleErrors.filter(refused)).toHaveLength(1);
  expect(consoleErrors.filter((line) => !refused(line))).toEqual([]);
});
