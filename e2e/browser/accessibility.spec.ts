import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { erc20Abi } from "viem";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { emulateTheme, expectNoAxeViolations, type Theme } from "./axe";
import { addApiKeyInBrowser, apiClient, createOrganization, watchConsole } from "./dashboard";
import { expectVisibleFocus, tabTo } from "./keyboard";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * Every page of the dashboard, with something on it, passes axe's WCAG 2.1 A and AA rules in the
 * light and the dark theme; and a keyboard alone creates, deletes (through the confirmation dialog),
 * approves and rejects, with the focus visible all along.
 */
test.describe.configure({ mode: "serial" });

const THEMES: Theme[] = ["light", "dark"];
const POLICY = "Two approvals to sign";

let server: EmptyServer;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
let organizationId: string;
const backendKey = generateP256KeyPair();
const bobKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);
const bob = () => apiClient(server.baseUrl, organizationId, bobKey);
const ids = { wallet: "", account: "", contract: "", policy: "", toApprove: "", toReject: "" };
let invitationLink = "";

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  // A context of our own, not browser.newPage(): axe opens a page of its own in it to assemble results.
  context = await browser.newContext({ baseURL: server.baseUrl });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

/** Open `path` in each theme, wait until `ready` shows (data loaded), and run axe on it. */
async function checkInBothThemes(on: Page, path: string, ready: (on: Page) => Locator, what: string) {
  for (const theme of THEMES) {
    await emulateTheme(on, theme);
    // From a blank page, so the theme boot script runs again even when only the #fragment differs.
    await on.goto("about:blank");
    await on.goto(path);
    await expect
      .poll(() => on.evaluate(() => document.documentElement.classList.contains("dark")))
      .toBe(theme === "dark");
    await expect(ready(on)).toBeVisible();
    await expectNoAxeViolations(on, what);
  }
}

test("the first-run page", async () => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/setup$/);
  await checkInBothThemes(
    page,
    "/setup",
    (on) => on.getByRole("button", { name: "Create organization with a passkey" }),
    "the first-run page",
  );
});

test("an organization with something on every page", async () => {
  await emulateTheme(page, "light");
  organizationId = await createOrganization(page, { organizationName: "Lantern Trust", userName: "alice" });
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const api = backend();
  const wallet = await api.createWallet({
    walletName: "Treasury",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  ids.wallet = wallet.walletId;
  ids.account = wallet.addresses[0]!;
  const tag = await api.createPrivateKeyTag({ privateKeyTagName: "hot", privateKeyIds: [] });
  await api.createPrivateKeys({
    privateKeys: [
      {
        privateKeyName: "signer",
        curve: "CURVE_SECP256K1",
        privateKeyTags: [tag.privateKeyTagId],
        addressFormats: ["ADDRESS_FORMAT_ETHEREUM"],
      },
    ],
  });
  await api.createUserTag({ userTagName: "admin", userIds: [] });
  const contract = await api.createSmartContractInterface({
    smartContractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    smartContractInterface: JSON.stringify(erc20Abi),
    type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
    label: "USDC",
    notes: "The stablecoin",
  });
  ids.contract = contract.smartContractInterfaceId;
  const policy = await api.createPolicy({
    policyName: POLICY,
    effect: "EFFECT_ALLOW",
    condition: "activity.action == 'SIGN'",
    consensus: "approvers.count() >= 2",
    notes: "Every signature needs two people.",
  });
  ids.policy = policy.policyId;
  // carol has no passkey yet: she is the one to invite.
  await api.createUsers({
    users: [{ userName: "carol", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
  });
});

test("keyboard only: create a user, then delete it through its confirmation dialog", async () => {
  await page.goto("/users");
  await expect(page.locator('[data-user="carol"]')).toBeVisible();
  // The first Tab offers to skip the navigation; taken, the next Tab is in the page's own form.
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByRole("link", { name: "Skip to content" }));
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expectVisibleFocus(page.getByLabel("User name"));
  await page.keyboard.type("dave");
  await tabTo(page, page.getByRole("button", { name: "Create user" }));
  await page.keyboard.press("Enter");
  const dave = page.locator('[data-user="dave"]');
  await expect(dave).toBeVisible();
  await expect(page.getByLabel("User name")).toHaveValue("");

  const trash = dave.getByRole("button", { name: "Delete user dave" });
  await tabTo(page, trash, { max: 80 });
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("alertdialog");
  await expect(dialog).toContainText("Delete user dave?");
  // The safe answer has the focus first, and Tab goes round inside the dialog, never behind it.
  const cancel = dialog.getByRole("button", { name: "Cancel" });
  const confirm = dialog.getByRole("button", { name: "Delete" });
  await expectVisibleFocus(cancel);
  await page.keyboard.press("Tab");
  await expectVisibleFocus(confirm);
  await page.keyboard.press("Tab");
  await expectVisibleFocus(cancel);
  await page.keyboard.press("Shift+Tab");
  await expectVisibleFocus(confirm);
  await expectNoAxeViolations(page, "the delete confirmation");
  // Escape closes it and gives the focus back to the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expectVisibleFocus(trash);

  await page.keyboard.press("Space");
  await expect(dialog).toBeVisible();
  await tabTo(page, confirm);
  await page.keyboard.press("Enter");
  await expect(dave).toHaveCount(0);
  await expect(page.locator('[data-user="carol"]')).toBeVisible();
});

test("the invitation link dialog", async () => {
  await page.locator('[data-user="carol"]').getByRole("button", { name: "Invite carol" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Invitation link for carol");
  invitationLink = (await dialog.getByTestId("invitation-link").textContent()) ?? "";
  expect(invitationLink).toContain("/invite#");
  await expectNoAxeViolations(page, "the invitation link dialog");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
});

test("a second root user raises the quorum and proposes two renames", async () => {
  const me = await backend().getWhoami({ organizationId });
  const { userIds } = await backend().createUsers({
    users: [
      {
        userName: "bob",
        apiKeys: [{ apiKeyName: "bob", publicKey: bobKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  await backend().updateRootQuorum({ threshold: 2, userIds: [me.userId, userIds[0]!] });
  for (const [key, name] of [
    ["toApprove", "Lantern Holdings"],
    ["toReject", "Never Named"],
  ] as const) {
    const { activity } = await bob().updateOrganizationName({ organizationName: name });
    expect(activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    ids[key] = activity.id;
  }
});

const PAGES: { what: string; path: () => string; ready: (on: Page) => Locator }[] = [
  { what: "activities", path: () => "/activities", ready: (on) => on.locator("[data-activity-id]").first() },
  {
    what: "an activity awaiting consensus",
    path: () => `/activities/${ids.toApprove}`,
    ready: (on) => on.getByRole("button", { name: "Approve" }),
  },
  { what: "users", path: () => "/users", ready: (on) => on.locator('[data-user="bob"]') },
  { what: "API keys", path: () => "/api-keys", ready: (on) => on.locator('[data-api-key="backend"]') },
  { what: "wallets", path: () => "/wallets", ready: (on) => on.locator('[data-wallet="Treasury"]') },
  {
    what: "a wallet",
    path: () => `/wallets/${ids.wallet}`,
    ready: (on) => on.locator("[data-account-format]").first(),
  },
  {
    what: "a wallet account",
    path: () => `/wallets/${ids.wallet}/accounts/${ids.account}`,
    ready: (on) => on.locator('[data-chain="eip155:1"]').getByTestId("balance"),
  },
  {
    what: "private keys",
    path: () => "/private-keys",
    ready: (on) => on.locator('[data-private-key="signer"]'),
  },
  { what: "tags", path: () => "/tags", ready: (on) => on.locator('[data-tag="hot"]') },
  {
    what: "contract interfaces",
    path: () => "/contracts",
    ready: (on) => on.locator('[data-contract="USDC"]'),
  },
  {
    what: "a contract interface",
    path: () => `/contracts/${ids.contract}`,
    ready: (on) => on.getByTestId("contract-definition"),
  },
  { what: "policies", path: () => "/policies", ready: (on) => on.locator(`[data-policy="${POLICY}"]`) },
  {
    what: "a policy",
    path: () => `/policies/${ids.policy}`,
    ready: (on) => on.getByRole("heading", { level: 1, name: POLICY }),
  },
  { what: "the organization", path: () => "/organization", ready: (on) => on.getByTestId("organization-id") },
  {
    what: "swap fees",
    path: () => "/swap-fees",
    ready: (on) => on.getByRole("form", { name: "Swap fee config" }).getByLabel("Fee (bps)", { exact: true }),
  },
  { what: "your passkeys", path: () => "/account", ready: (on) => on.locator("[data-passkey]").first() },
];

for (const { what, path, ready } of PAGES) {
  test(`${what}: no axe violations, light and dark`, async () => {
    await checkInBothThemes(page, path(), ready, what);
  });
}

test("keyboard only: approve one pending activity and reject another", async () => {
  await emulateTheme(page, "light");
  for (const [key, decision, outcome] of [
    ["toApprove", "Approve", "Completed"],
    ["toReject", "Reject", "Rejected"],
  ] as const) {
    await page.goto("/activities");
    const row = page.locator(`[data-activity-id="${ids[key]}"]`);
    await expect(row).toContainText("Consensus needed");
    await tabTo(page, row.getByRole("link"));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/activities/${ids[key]}$`));
    await tabTo(page, page.getByRole("button", { name: decision, exact: true }));
    await page.keyboard.press(decision === "Approve" ? "Enter" : "Space");
    // The confirmation traps the focus; the keyboard reaches its passkey button too.
    await tabTo(page, page.getByRole("button", { name: `${decision} with passkey` }));
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("activity-status")).toHaveText(outcome);
  }
  await expect(page.getByTestId("organization-name")).toHaveText("Lantern Holdings");
});

test("a decided activity: no axe violations, light and dark", async () => {
  await checkInBothThemes(
    page,
    `/activities/${ids.toApprove}`,
    (on) => on.getByRole("cell", { name: "Approved" }).first(),
    "a decided activity",
  );
});

test("the sign-in pages", async () => {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await checkInBothThemes(
    page,
    "/login",
    (on) => on.getByRole("button", { name: "Sign in with a passkey" }),
    "the sign-in page",
  );
  await checkInBothThemes(
    page,
    "/login?ended=1",
    (on) => on.getByRole("status"),
    "the sign-in page after a session ended",
  );
});

test("the invitation page, in the invited person's own browser", async ({ browser }) => {
  const own = await browser.newContext({ baseURL: server.baseUrl });
  try {
    const invited = await own.newPage();
    watchConsole(invited, consoleErrors);
    const fragment = new URL(invitationLink).hash;
    await checkInBothThemes(
      invited,
      `/invite${fragment}`,
      (on) => on.getByTestId("invitation-summary"),
      "the invitation page",
    );
  } finally {
    await own.close();
  }
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
