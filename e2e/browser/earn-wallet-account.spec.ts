import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { parseUnits } from "viem";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A wallet account's Earn section on the local eip155:1 devnet's real contracts: deposit into the
 * organization's vault and withdraw everything, each stamped by the user's passkey and followed to
 * its confirmation, with the position's value growing with chain time and drawn over time from
 * the server's samples.
 */
const CAIP2 = "eip155:1";
let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
/** The Earn activities the browser submitted, and whether each carried a passkey's stamp. */
const earnSubmissions: { path: string; passkey: boolean }[] = [];

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

/** "1,004.53" → 1004.53: the crypto display's number. */
const amount = (text: string | null) => Number((text ?? "").replaceAll(",", ""));

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000); // a loaded machine starts the server and its Earn devnets slowly
  // Samples every second, so the position has a history within the test.
  server = await startEmptyServer({ env: { LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS: "1" } });
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (!path.startsWith("/public/v1/submit/earn_")) return;
    earnSubmissions.push({ path, passkey: request.headers()["x-stamp-webauthn"] !== undefined });
  });
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("a user deposits into a vault from the account page, watches the value grow, and withdraws it all", async () => {
  test.setTimeout(300_000);
  const organizationId = await createOrganization(page, { organizationName: "Saver Co", userName: "sam" });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId, backendKey);
  const { walletId, addresses } = await backend.createWallet({
    walletName: "Savings",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  const account = addresses[0]!;

  // The local world's USDC, as the chain's asset list names it.
  const { assets } = await backend.listSupportedAssets({ caip2: CAIP2 });
  const usdc = assets!.find((a) => a.symbol === "USDC")!.caip19!;

  // Finance has enabled Earn and the Morpho-like USDC vault (the Earn page's own spec drives that).
  await backend.setOrganizationFeature({ name: "FEATURE_NAME_EARN_CONFIG", value: "" });
  const { vaults } = await backend.listEarnVaults({ caip19: usdc });
  const { deployRequestId } = await backend.earnDeployWrapper({
    vaultAddress: vaults![0]!.vaultAddress!,
    chainCaip2: CAIP2,
    clientFeeBps: "1000",
    clientFeeWallet: account,
  });
  await expect
    .poll(async () => (await backend.getEarnDeployStatus({ deployRequestId })).status, { timeout: 60_000 })
    .toBe("COMPLETED");
  await rpc("latchkey_faucet", [account, "native", parseUnits("1", 18).toString()]);
  await rpc("latchkey_faucet", [account, usdc, parseUnits("1000", 6).toString()]);

  await page.goto(`/wallets/${walletId}/accounts/${account}`);
  const earn = page.getByRole("region", { name: "Earn" });
  await expect(earn.getByText("No Earn position.")).toBeVisible({ timeout: 30_000 });

  // Deposit: a zero amount is the form's own refusal; 1000 USDC goes out, stamped by the passkey.
  const deposit = earn.getByRole("form", { name: "Deposit" });
  await deposit.getByLabel("Amount (USDC)").fill("0");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(deposit.getByRole("alert")).toContainText("greater than zero");
  expect(earnSubmissions).toEqual([]);
  await deposit.getByLabel("Amount (USDC)").fill("1000");
  await deposit.getByRole("button", { name: "Deposit" }).click();
  await expect(deposit.getByTestId("request-progress")).toHaveText("Deposit: confirmed.", {
    timeout: 60_000,
  });
  expect(earnSubmissions).toEqual([{ path: "/public/v1/submit/earn_deposit", passkey: true }]);

  const position = earn.getByTestId("earn-position");
  await expect(position).toHaveCount(1);
  const before = amount(await position.getByTestId("position-value").textContent());
  expect(before).toBeGreaterThanOrEqual(999.999999);
  expect(before).toBeLessThanOrEqual(1000);

  // A month of chain time: the value grows by the net rate, and the samples draw it over time.
  await rpc("evm_increaseTime", [30 * 24 * 3600]);
  await rpc("evm_mine", []);
  const value = position.getByTestId("position-value");
  const summary = position.getByTestId("position-sample-summary");
  // The page reads the samples once a load: load until the newest follows the time jump (the
  // month's yield, 6.5% × (1 − (1000 + 500)/10000) for 30 days on 1000 USDC: about 4.54 USDC).
  // A load can take seconds on a busy machine (CI once found no summary within 2 s of each
  // reload for 30 s): wait for the summary as long as a load may take, then read it once.
  await expect(async () => {
    await page.reload();
    await expect(summary).toBeVisible({ timeout: 20_000 });
    expect(await summary.textContent()).toMatch(/^\d+ samples since .*1,004\.5\d* USD\.$/);
  }).toPass({ timeout: 90_000 });
  await expect(position.getByTestId("position-chart").locator(".recharts-area")).toHaveCount(1);
  const grown = amount(await value.textContent()) - before;
  expect(grown).toBeGreaterThan(4.5);
  expect(grown).toBeLessThan(4.6);
  await screenshot(page, "earn-wallet-account");

  // Withdraw everything: the position is gone (its form with it, so its end is read from the API
  // too) and the USDC is back in the account, with its yield.
  const withdraw = position.getByRole("form", { name: "Withdraw" });
  await withdraw.getByLabel("Withdraw amount (or MAX)").fill("MAX");
  await withdraw.getByRole("button", { name: "Withdraw" }).click();
  await expect(earn.getByText("No Earn position.")).toBeVisible({ timeout: 60_000 });
  expect(earnSubmissions.at(-1)).toEqual({ path: "/public/v1/submit/earn_withdraw", passkey: true });
  const { activities } = await backend.getActivities({});
  const withdrawal = activities.find((a) => a.type === "ACTIVITY_TYPE_EARN_WITHDRAW");
  const result = withdrawal!.result as { earnWithdrawResult: { withdrawRequestId: string } };
  const { withdrawRequestId } = result.earnWithdrawResult;
  // The page shows the position gone once the chain has the withdrawal; the request is COMPLETED
  // when the job worker sees its receipt, a moment later on a busy machine.
  await expect
    .poll(async () => (await backend.getEarnWithdrawStatus({ withdrawRequestId })).status, {
      timeout: 30_000,
    })
    .toBe("COMPLETED");
  const balances = await backend.getWalletAddressBalances({ address: account, caip2: CAIP2 });
  const back = balances.balances?.find((b) => b.caip19?.toLowerCase() === usdc.toLowerCase());
  expect(BigInt(back?.balance ?? "0")).toBeGreaterThan(parseUnits("1004.5", 6));
  expect(consoleErrors).toEqual([]);
});
