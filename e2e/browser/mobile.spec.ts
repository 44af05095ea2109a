import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { emulateTheme, expectNoAxeViolations } from "./axe";
import { addPasskeyDevice, copyPasskeys, type PasskeyDevice } from "./copy-passkeys";
import { createOrganization, watchConsole } from "./dashboard";
import { expectVisibleFocus } from "./keyboard";
import { DESKTOP, expectNoSidewaysScroll, expectTouchTargets, PHONE } from "./layout-checks";
import {
  addBackendKey,
  DENY_POLICY,
  dashboardPages,
  raiseQuorum,
  type Scene,
  seed,
  statusTotals,
} from "./mobile-scene";

/**
 * An approver on a phone (390 × 844, touch): every page fits the width, the navigation is a menu,
 * controls are thumb-sized, and a vote is cast with the passkey. Then the same person on a desktop
 * (their passkey synced there): the same pages fit, and the overview counts what was created.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let phoneContext: BrowserContext;
let phone: Page;
let phoneKeys: PasskeyDevice;
let scene: Scene;
let invitationLink = "";
const consoleErrors: string[] = [];

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  phoneContext = await browser.newContext({ baseURL: server.baseUrl, ...PHONE });
  phone = await phoneContext.newPage();
  watchConsole(phone, consoleErrors);
  phoneKeys = await addPasskeyDevice(phone);
});
test.afterAll(async () => {
  await phoneContext?.close();
  await server?.stop();
});

/** Open `path`, wait until `ready` shows, and check the width and, on a phone, the touch targets. */
async function checkPage(
  on: Page,
  path: string,
  ready: (on: Page) => ReturnType<Page["locator"]>,
  what: string,
) {
  await on.goto(path);
  await expect(ready(on)).toBeVisible();
  await expectNoSidewaysScroll(on, what);
  if (on === phone) await expectTouchTargets(on.locator("body"), what);
}

test("on a phone, the first-run page fits and creates the organization", async () => {
  await phone.goto("/setup");
  await expect(phone.getByRole("button", { name: "Create organization with a passkey" })).toBeVisible();
  await expectNoSidewaysScroll(phone, "the first-run page");
  await expectTouchTargets(phone.locator("body"), "the first-run page");
  const organizationId = await createOrganization(phone, {
    organizationName: "Harbor Trust",
    userName: "alice",
  });
  await addBackendKey(phone);
  scene = await seed(server.baseUrl, organizationId);
});

test("the navigation is a menu: it opens, keeps the focus, closes with Escape and navigates", async () => {
  await phone.goto("/overview");
  // The sidebar is folded away: no navigation shows until the menu opens.
  await expect(phone.getByRole("navigation")).toHaveCount(0);
  // By attribute, not role: while the menu is open, Radix hides everything behind it from the
  // accessibility tree, the button included.
  const menu = phone.locator('button[aria-label="Menu"]');
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await menu.tap();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const panel = phone.getByRole("dialog", { name: "Menu" });
  await expect(panel.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
  // Tab goes round inside the open menu, never to the page behind it.
  for (let i = 0; i < 15; i++) {
    await phone.keyboard.press("Tab");
    expect(await panel.evaluate((element) => element.contains(document.activeElement))).toBe(true);
  }
  await phone.keyboard.press("Escape");
  await expect(panel).toHaveCount(0);
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expectVisibleFocus(menu);

  await menu.tap();
  await expectTouchTargets(panel, "the menu");
  const users = panel.getByRole("link", { name: "Users", exact: true });
  expect((await users.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await users.tap();
  await expect(phone).toHaveURL(/\/users$/);
  await expect(panel).toHaveCount(0);
  await expect(phone.locator('[data-user="bob"]')).toBeVisible();
});

test("the users page invites carol in a dialog that fits the phone", async () => {
  await phone.locator('[data-user="carol"]').getByRole("button", { name: "Invite carol" }).tap();
  const dialog = phone.getByRole("dialog");
  await expect(dialog).toContainText("Invitation link for carol");
  invitationLink = (await dialog.getByTestId("invitation-link").textContent()) ?? "";
  expect(invitationLink).toContain("/invite#");
  await expectNoSidewaysScroll(phone, "the invitation link dialog");
  await expectTouchTargets(dialog, "the invitation link dialog");
  await dialog.getByRole("button", { name: "Close" }).tap();
  await expect(dialog).toHaveCount(0);
  // Now bob joins the root quorum: what follows waits for two votes.
  await raiseQuorum(server.baseUrl, scene);
});

test("every dashboard page fits 390 px, with thumb-sized controls", async () => {
  for (const { what, path, ready } of dashboardPages(scene)) await checkPage(phone, path, ready, what);
});

test("the activities are cards: status, type, who and when, the whole card opens it", async () => {
  await phone.goto("/activities");
  const card = phone.locator(`[data-activity-id="${scene.toApprove}"]`);
  await expect(card).toContainText("Consensus needed");
  // Still a table to a screen reader, though drawn as cards.
  await expect(phone.getByRole("table")).toHaveCount(1);
  await expect(card.getByRole("cell")).toHaveCount(4);
  // Each line of the card as it reads on screen: the label CSS draws before it, then its text.
  const lines = await card
    .locator("td")
    .evaluateAll((cells) =>
      cells.map((cell) => `${getComputedStyle(cell, "::before").content} ${cell.textContent}`),
    );
  expect(lines).toEqual([
    '"Status" Consensus needed',
    '"Type" Update organization name',
    '"Who" bob',
    expect.stringMatching(/^"When" \S/),
  ]);
  const box = (await card.boundingBox())!;
  expect(box.width).toBeLessThanOrEqual(390);
  expect(box.height).toBeGreaterThanOrEqual(44);
  // A tap anywhere on the card, not only on its title, opens the activity.
  await phone.touchscreen.tap(box.x + box.width - 20, box.y + box.height - 10);
  await expect(phone).toHaveURL(new RegExp(`/activities/${scene.toApprove}$`));
});

test("an approval completes with the passkey; Approve and Reject come before the details", async () => {
  const approve = phone.getByRole("button", { name: "Approve" });
  const reject = phone.getByRole("button", { name: "Reject" });
  await expect(approve).toBeVisible();
  const approveBox = (await approve.boundingBox())!;
  const rejectBox = (await reject.boundingBox())!;
  const detailsBox = (await phone.getByTestId("activity-submitter").boundingBox())!;
  // In the first screenful, above the details, side by side, thumb-sized.
  expect(approveBox.y + approveBox.height).toBeLessThanOrEqual(844);
  expect(approveBox.y).toBeLessThan(detailsBox.y);
  expect(Math.abs(approveBox.y - rejectBox.y)).toBeLessThan(1);
  expect(approveBox.height).toBeGreaterThanOrEqual(44);
  await approve.tap();
  // The confirmation shows what is approved; its own button signs the vote with the passkey.
  await expect(phone.getByTestId("confirm-summary")).not.toHaveText(/Loading/);
  const confirm = phone.getByRole("button", { name: "Approve with passkey" });
  expect((await confirm.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await confirm.tap();
  await expect(phone.getByTestId("activity-status")).toHaveText("Completed");
  await phone.reload();
  await expect(phone.getByTestId("organization-name-compact")).toHaveText("Harbor Holdings");
});

test("on the phone, the overview counts what was created, and axe finds nothing", async () => {
  // 1.5 ETH to the Treasury account on Ethereum's local devnet: the balances summary adds it up.
  const faucet = await fetch(`${server.baseUrl}/rpc/eip155:1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [scene.account, "native", "1500000000000000000"],
    }),
  });
  expect((await faucet.json()).error).toBeUndefined();
  await checkOverview(phone);
  for (const theme of ["light", "dark"] as const) {
    await emulateTheme(phone, theme);
    await phone.goto("about:blank");
    await phone.goto("/overview");
    await expect(phone.getByTestId("activity-chart").getByRole("list")).toBeVisible();
    await expect(phone.locator(".recharts-bar-rectangle").first()).toBeVisible();
    await expectNoAxeViolations(phone, "the overview on a phone");
  }
  await emulateTheme(phone, "light");
});

/** The overview's numbers against the API's: counts, totals by status, votes waiting, the denial. */
async function checkOverview(on: Page) {
  await on.goto("/overview");
  const count = (name: string) => on.getByTestId(`count-${name}`).getByTestId("count");
  await expect(count("users")).toHaveText("3");
  await expect(count("wallets")).toHaveText("1");
  await expect(count("private-keys")).toHaveText("1");
  await expect(count("policies")).toHaveText("1");
  const totals = await statusTotals(server.baseUrl, scene.organizationId);
  expect(totals).toMatchObject({ ACTIVITY_STATUS_FAILED: 1, ACTIVITY_STATUS_CONSENSUS_NEEDED: 1 });
  const chart = on.getByTestId("activity-chart");
  for (const status of ["COMPLETED", "CONSENSUS_NEEDED", "FAILED"]) {
    await expect(chart.locator(`[data-status="ACTIVITY_STATUS_${status}"]`).getByTestId("count")).toHaveText(
      String(totals[`ACTIVITY_STATUS_${status}`]),
    );
  }
  // Every day's bars are drawn: one rectangle at least for today's activities.
  await expect(chart.locator(".recharts-bar-rectangle").first()).toBeVisible();
  await expect(on.getByTestId("overview-waiting-count")).toHaveText("1");
  await expect(on.getByTestId("waiting-for-you")).toHaveText("1");
  const denial = on.locator(`[data-failed-activity="${scene.denied}"]`);
  await expect(denial).toContainText("Create private key tag");
  await expect(denial.getByTestId("denied-by")).toContainText(DENY_POLICY);
  // The balances summary: Ethereum's ETH, summed over the wallets, at the default $3,000 per ETH.
  const eth = on.getByTestId("balances-summary").locator('[data-caip19="eip155:1/slip44:60"]');
  await expect(eth).toContainText("Ethereum");
  await expect(eth).toContainText("1.5 ETH");
  await expect(eth).toContainText("$4,500.00");
}

test("on a desktop, the sidebar is open, every page fits, and the overview passes axe", async ({
  browser,
}) => {
  const context = await browser.newContext({ baseURL: server.baseUrl, ...DESKTOP });
  try {
    const desktop = await context.newPage();
    watchConsole(desktop, consoleErrors);
    expect(await copyPasskeys(phoneKeys, await addPasskeyDevice(desktop))).toBe(1);
    await desktop.goto("/login");
    await desktop.getByLabel("Organization id").fill(scene.organizationId);
    await desktop.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(desktop).toHaveURL(/\/overview$/);
    await expect(desktop.getByRole("button", { name: "Menu", exact: true })).toBeHidden();
    await expect(desktop.getByRole("navigation").getByRole("link", { name: "Overview" })).toBeVisible();
    for (const { what, path, ready } of dashboardPages(scene)) await checkPage(desktop, path, ready, what);
    await checkOverview(desktop);
    for (const theme of ["light", "dark"] as const) {
      await emulateTheme(desktop, theme);
      await desktop.goto("about:blank");
      await desktop.goto("/overview");
      await expect(desktop.locator(".recharts-bar-rectangle").first()).toBeVisible();
      await expectNoAxeViolations(desktop, "the overview on a desktop");
    }
  } finally {
    await context.close();
  }
});

test("the sign-in and invitation pages fit the phone", async ({ browser }) => {
  await phone.getByRole("button", { name: "Sign out" }).tap();
  await expect(phone).toHaveURL(/\/login$/);
  await expect(phone.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
  await expectNoSidewaysScroll(phone, "the sign-in page");
  await expectTouchTargets(phone.locator("body"), "the sign-in page");
  const own = await browser.newContext({ baseURL: server.baseUrl, ...PHONE });
  try {
    const invited = await own.newPage();
    watchConsole(invited, consoleErrors);
    await invited.goto(`/invite${new URL(invitationLink).hash}`);
    await expect(invited.getByTestId("invitation-summary")).toBeVisible();
    await expectNoSidewaysScroll(invited, "the invitation page");
    await expectTouchTargets(invited.locator("body"), "the invitation page");
  } finally {
    await own.close();
  }
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
