import { expect, type Page, test } from "@playwright/test";
import { type Address, createSolanaRpc } from "@solana/kit";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { SOLANA_MAINNET } from "@/lib/api/chains";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * The Swap form on a Solana account's page, filled by the local market maker: a quote at the fixed
 * 3,000 USDC per SOL, executed by the passkey (the fill co-signed by the market maker) and followed
 * to COMPLETED; the balances checked on the chain with @solana/kit over /rpc.
 */
test.describe.configure({ mode: "serial" });

const CHAIN = SOLANA_MAINNET;
const USDC = `${CHAIN}/token:${DEVNET_USDC_MINT}`;
const CHAIN_START = { timeout: 60_000 };

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
const submitted: string[] = [];
let trader: Address;

const rpc = () => createSolanaRpc(`${server.baseUrl}/rpc/${CHAIN}`);
async function usdcUnits(owner: Address): Promise<bigint> {
  const { value } = await rpc()
    .getTokenAccountsByOwner(owner, { mint: DEVNET_USDC_MINT as Address }, { encoding: "jsonParsed" })
    .send();
  return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
}
const swapForm = () => page.getByRole("form", { name: "Swap" });
const quoteCard = () => page.getByRole("region", { name: "Swap quote" });
const row = () => page.locator(`[data-chain="${CHAIN}"]`);

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/public/v1/submit/")) submitted.push(path);
  });
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Sol Swaps", userName: "hugo" });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("a Solana account funded with 1 SOL offers a Swap form over SOL and USDC", async () => {
  await nav(page, "Wallets");
  await page.getByLabel("Wallet name").fill("Sol trading");
  await page.getByLabel("Ethereum", { exact: true }).uncheck();
  await page.getByLabel("Solana", { exact: true }).check();
  await page.getByRole("button", { name: "Create wallet" }).click();
  const created = page.getByRole("status").filter({ hasText: "Wallet Sol trading created" });
  trader = ((await created.locator('[data-created-address="solana"]').getByTestId("address").textContent()) ??
    "") as Address;
  await created.getByRole("link", { name: "Open it" }).click();
  await page.locator('[data-account-format="ADDRESS_FORMAT_SOLANA"]').getByTestId("account-address").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solana account");
  await row().getByRole("button", { name: "Fund 1 SOL on Solana" }).click();
  await expect(row().getByTestId("balance")).toHaveText(["1 SOL"], CHAIN_START);

  const form = swapForm();
  await expect(form.getByLabel("Chain")).toHaveValue(CHAIN);
  await expect(form.getByLabel("You pay")).toHaveValue(`${CHAIN}/slip44:501`);
  await expect(form.getByLabel("You receive")).toHaveValue(USDC, CHAIN_START);
  await expect(form.getByText("Balance: 1 SOL")).toBeVisible(CHAIN_START);
});

test("0.1 SOL → USDC: quoted at 3,000 USDC per SOL, executed by the passkey to COMPLETED", async () => {
  submitted.length = 0;
  const form = swapForm();
  await form.getByLabel("Amount (SOL)").fill("0.1");
  await form.getByRole("button", { name: "Get quote" }).click();
  const quote = quoteCard();
  await expect(quote.getByTestId("quote-pay")).toHaveText("0.1 SOL", CHAIN_START);
  await expect(quote.getByTestId("quote-receive")).toHaveText("300 USDC");
  await expect(quote.getByTestId("quote-min")).toHaveText("298.5 USDC");
  await expect(quote.getByTestId("quote-rate")).toHaveText("1 SOL = 3000 USDC");
  await expect(quote.getByTestId("quote-fee")).toHaveText("0 %");
  await expect(quote.getByTestId("quote-expiry")).toHaveText(/^Expires in ([1-4]\d|\d) s$/);
  await screenshot(page, "swap-solana-quote");

  await quote.getByRole("button", { name: "Swap with passkey" }).click();
  await expect(quote.getByTestId("swap-status")).toHaveText("COMPLETED", CHAIN_START);
  expect(submitted).toEqual(["/public/v1/submit/create_swap_quote", "/public/v1/submit/execute_swap"]);
  await expect(quote.getByTestId("swap-received")).toHaveText("Received 300 USDC");

  // On the chain: the trader's own transaction (its signature first) moved exactly the quote.
  expect(await usdcUnits(trader)).toBe(300_000_000n);
  const signature = (await quote.getByTestId("swap-tx-hash").textContent()) ?? "";
  const tx = await rpc()
    .getTransaction(signature as never, { maxSupportedTransactionVersion: 0, encoding: "json" })
    .send();
  expect(tx!.meta!.err).toBeNull();
  expect(tx!.transaction.message.accountKeys[0]).toBe(trader);
  expect((await rpc().getBalance(trader).send()).value).toBe(1_000_000_000n - 100_000_000n - 10_000n);
  await expect(row().getByTestId("balance")).toHaveText(["0.89999 SOL", "300 USDC"], CHAIN_START);
  await screenshot(page, "swap-solana-completed");
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
