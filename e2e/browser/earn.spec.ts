import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { parseUnits } from "viem";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { expectNoSidewaysScroll, expectTouchTargets, PHONE } from "./layout-checks";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A finance user's Earn job on the local eip155:1 devnet's real contracts: enable Earn, enable a
 * vault with a client fee (the cap refused before anything is sent), watch gross vs net APY and TVL
 * over time while a backend's deposit earns, claim the fees (the passkey stamps it) and see the
 * claim confirmed and the claimable amount back to zero, pause deposits; the page fits a phone.
 */
const CAIP2 = "eip155:1";
let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];

async function rpc(method: string, params: unknown[]) {
  const response = await fetch(`${server.baseUrl}/rpc/${CAIP2}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result: unknown; error?: { message: string } };
  if (body.error) throw new Error(body.error.message);
  return body.result;
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000); // a loaded machine starts the server and its four Earn devnets slowly
  // Samples every second, so the charts have a history within the test.
  server = await startEmptyServer({ env: { LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS: "1" } });
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("finance enables a vault, watches APY and TVL over time, claims fees to zero and pauses deposits", async () => {
  test.setTimeout(300_000);
  const organizationId = await createOrganization(page, { organizationName: "Yield Co", userName: "fin" });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId, backendKey);
  const { addresses } = await backend.createWallet({
    walletName: "Treasury",
    accounts: [0, 1].map((i) => ({
      curve: "CURVE_SECP256K1" as const,
      pathFormat: "PATH_FORMAT_BIP32" as const,
      path: `m/44'/60'/0'/0/${i}`,
      addressFormat: "ADDRESS_FORMAT_ETHEREUM" as const,
    })),
  });
  const [user, feeWallet] = addresses as [string, string];

  await nav(page, "Earn");
  await expect(page.getByRole("heading", { name: "Earn is not enabled" })).toBeVisible();
  await page.getByRole("button", { name: "Enable Earn" }).click();
  // The local world's Morpho-like USDC vault on Ethereum (the page's first chain and token) pays 6.50%.
  const row = page.getByTestId("catalog-vault").filter({ hasText: "APY 6.50%" });
  await expect(row).toHaveCount(1);
  await row.getByRole("button", { name: "Enable this vault" }).click();

  // The fee cap is the form's own rule: nothing is sent (no activity) until it holds.
  await row.getByLabel("Client fee (bps)").fill("4001");
  await row.getByLabel("Fee wallet").fill(feeWallet);
  await row.getByRole("button", { name: "Deploy wrapper" }).click();
  await expect(row.getByRole("alert")).toContainText("at most 4000");
  expect((await backend.getActivities({})).activities.map((a) => a.type)).not.toContain(
    "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER",
  );
  await row.getByLabel("Client fee (bps)").fill("2000");
  await row.getByRole("button", { name: "Deploy wrapper" }).click();
  await expect(row.getByTestId("request-progress")).toHaveText("Deployment: confirmed.", { timeout: 30_000 });

  const card = page.getByTestId("enabled-vault");
  await expect(card).toHaveCount(1);
  await expect(card.getByTestId("gross-apy")).toHaveText("6.50%");
  await expect(card.getByTestId("net-apy")).toHaveText(/^4\.8[78]%$/); // 6.5% × (1 − 2500/10000)
  const wrapperAddress = (await card.getAttribute("data-wrapper"))!;
  const [enabled] = (await backend.listEarnEnabledVaults({})).enabledVaults!;
  const usdcCaip19 = enabled!.caip19!;

  // A backend deposits 10,000 USDC from the organization's account; then a month of chain time passes.
  await rpc("latchkey_faucet", [user, "native", parseUnits("1", 18).toString()]);
  await rpc("latchkey_faucet", [user, usdcCaip19, parseUnits("10000", 6).toString()]);
  const { depositRequestId } = await backend.earnDeposit({
    wrapperAddress,
    signWith: user,
    chainCaip2: CAIP2,
    assets: parseUnits("10000", 6).toString(),
  });
  await expect
    .poll(async () => (await backend.getEarnDepositStatus({ depositRequestId })).status, { timeout: 30_000 })
    .toBe("COMPLETED");
  await rpc("evm_increaseTime", [30 * 24 * 3600]);
  await rpc("evm_mine", []);

  // The history: samples taken every second draw both APY lines and the TVL area. The page reads
  // them once a load, and the newest may predate the deposit's confirmation: load until one follows it.
  await expect(async () => {
    await page.reload();
    await expect(card.getByTestId("sample-summary")).toContainText(/^\d+ samples since/, { timeout: 2_000 });
    await expect(card.getByTestId("sample-summary")).toContainText(/TVL 10,0\d\d(\.\d+)? USD/, {
      timeout: 2_000,
    });
  }).toPass({ timeout: 30_000 });
  await expect(card.getByTestId("apy-chart").locator(".recharts-line")).toHaveCount(2);
  await expect(card.getByTestId("tvl-chart").locator(".recharts-area")).toHaveCount(1);
  await expect(card.getByTestId("sample-summary")).toContainText("gross 6.50%, net 4.8");
  await expect(card.getByTestId("sample-summary")).toContainText(/TVL 10,0\d\d(\.\d+)? USD/);
  const claimable = card.getByTestId("claimable-fee");
  await expect(claimable).not.toHaveAttribute("data-raw", "0");
  await screenshot(page, "earn-vault");

  await card.getByRole("button", { name: "Claim fees" }).click();
  await expect(card.getByTestId("request-progress")).toHaveText("Fee claim: confirmed.", { timeout: 30_000 });
  // What is left is what accrued in the seconds since the claim: at most a wei of USDC.
  await expect(claimable).toHaveAttribute("data-raw", /^[01]$/);
  const feeBalance = await backend.getWalletAddressBalances({ address: feeWallet, caip2: CAIP2 });
  const usdc = feeBalance.balances?.find((b) => b.caip19?.toLowerCase() === usdcCaip19.toLowerCase());
  expect(BigInt(usdc?.balance ?? "0")).toBeGreaterThan(0n);

  await card.getByRole("button", { name: "Pause deposits" }).click();
  await expect(card.getByText("Deposits paused")).toBeVisible();
  await expect(card.getByRole("button", { name: "Resume deposits" })).toBeVisible();

  // On a phone: the page fits, its controls are thumb-sized.
  await page.setViewportSize(PHONE.viewport);
  await page.reload();
  await expect(card.getByTestId("apy-chart")).toBeVisible();
  await expectNoSidewaysScroll(page, "earn");
  await expectTouchTargets(page.locator("main"), "earn");
  await screenshot(page, "earn-phone");
  expect(consoleErrors).toEqual([]);
});
