import { expect, type Page, test } from "@playwright/test";
import { createPublicClient, erc20Abi, http, parseUnits } from "viem";
import { mainnet } from "viem/chains";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A swap on an account's page, on the local Ethereum devnet's pools: a refused amount never leaves
 * the browser; a quote shows its rate, fee, minimum and expiry; the passkey executes it and the
 * status is followed to COMPLETED, the tokens read on the chain with viem over /rpc; an expired
 * quote cannot be executed.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
/** The activities the browser submits, by path. */
const submitted: string[] = [];
let trader = "";

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/public/v1/submit/")) submitted.push(path);
  });
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Swap Street", userName: "ines" });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const CHAIN_START = { timeout: 180_000 };
const chain = () => createPublicClient({ chain: mainnet, transport: http(`${server.baseUrl}/rpc/eip155:1`) });
const swapForm = () => page.getByRole("form", { name: "Swap" });
const quoteCard = () => page.getByRole("region", { name: "Swap quote" });

test("an account funded with 1 ETH on the local Ethereum devnet offers a Swap form", async () => {
  await nav(page, "Wallets");
  await page.getByLabel("Wallet name").fill("Trading");
  await page.getByRole("button", { name: "Create wallet" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Wallet Trading created" })
    .getByRole("link", { name: "Open it" })
    .click();
  const address = page
    .locator('[data-account-format="ADDRESS_FORMAT_ETHEREUM"]')
    .getByTestId("account-address");
  trader = (await address.textContent()) ?? "";
  await address.click();
  const ethereum = page.locator('[data-chain="eip155:1"]');
  // The first read starts the local devnets (pools deployed and seeded): slow on a busy machine.
  await expect(ethereum.getByTestId("balance")).toHaveText("0 ETH", CHAIN_START);
  await ethereum.getByRole("button", { name: "Fund 1 ETH on Ethereum" }).click();
  await expect(ethereum.getByTestId("balance")).toHaveText("1 ETH", CHAIN_START);

  const form = swapForm();
  await expect(form.getByLabel("Chain")).toHaveValue("eip155:1");
  await expect(form.getByLabel("You pay")).toHaveValue("eip155:1/slip44:60");
  await expect(form.getByLabel("You receive").locator("option:checked")).toHaveText("USDC");
  await expect(form.getByText("Balance: 1 ETH")).toBeVisible(CHAIN_START);
});

test("more than the balance, or a token for itself, is refused beside its field without any request", async () => {
  submitted.length = 0;
  const form = swapForm();
  await form.getByLabel("Amount (ETH)").fill("2");
  await form.getByRole("button", { name: "Get quote" }).click();
  await expect(form.getByRole("alert")).toHaveText("is more than the balance on Ethereum (1 ETH)");
  await form.getByLabel("Amount (ETH)").fill("0.1");
  await form.getByLabel("You receive").selectOption({ label: "ETH" });
  await form.getByRole("button", { name: "Get quote" }).click();
  await expect(form.getByRole("alert")).toHaveText("must differ from the token you pay");
  expect(submitted).toEqual([]);
  await expect(quoteCard()).toHaveCount(0);
});

test("0.1 ETH → USDC: the quote shows rate, fee, minimum and expiry; the passkey executes it to COMPLETED", async () => {
  const form = swapForm();
  await form.getByLabel("You receive").selectOption({ label: "USDC" });
  await form.getByLabel("Slippage (%)").fill("1");
  await form.getByRole("button", { name: "Get quote" }).click();
  const quote = quoteCard();
  await expect(quote.getByTestId("quote-pay")).toHaveText("0.1 ETH", CHAIN_START);
  // The pool holds 300,000 USDC against 100 ETH: 0.1 ETH buys a little under 300 USDC.
  const receive = (await quote.getByTestId("quote-receive").textContent()) ?? "";
  const received = Number(receive.replace(" USDC", ""));
  expect(received).toBeGreaterThan(295);
  expect(received).toBeLessThan(300);
  const atLeast = (await quote.getByTestId("quote-min").textContent()) ?? "";
  expect(Number(atLeast.replace(" USDC", ""))).toBeCloseTo(received * 0.99, 4);
  await expect(quote.getByTestId("quote-rate")).toHaveText(/^1 ETH = 29\d\d(\.\d+)? USDC$/);
  await expect(quote.getByTestId("quote-fee")).toHaveText("0 %");
  await expect(quote.getByTestId("quote-slippage")).toHaveText("1 %");
  await expect(quote.getByTestId("quote-expiry")).toHaveText(/^Expires in ([1-5]\d|60|\d) s$/);
  expect(submitted).toEqual(["/public/v1/submit/create_swap_quote"]);
  await screenshot(page, "swap-quote");

  await quote.getByRole("button", { name: "Swap with passkey" }).click();
  await expect(quote.getByTestId("swap-status")).toHaveText("COMPLETED", CHAIN_START);
  expect(submitted).toEqual(["/public/v1/submit/create_swap_quote", "/public/v1/submit/execute_swap"]);
  await expect(quote.getByTestId("swap-received")).toHaveText(receive.replace(/^/, "Received "));

  // On the chain: the trader holds exactly the USDC quoted, sent by its own transaction.
  const usdc = (await form.getByLabel("You receive").inputValue()).split("/erc20:")[1] as `0x${string}`;
  const held = await chain().readContract({
    address: usdc,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [trader as `0x${string}`],
  });
  expect(held).toBe(parseUnits(receive.replace(" USDC", ""), 6));
  const hash = ((await quote.getByTestId("swap-tx-hash").textContent()) ?? "") as `0x${string}`;
  const receipt = await chain().getTransactionReceipt({ hash });
  expect(receipt.status).toBe("success");
  expect(receipt.from.toLowerCase()).toBe(trader.toLowerCase());
  // The balances are read again once the swap is final.
  await expect(page.locator('[data-chain="eip155:1"]').getByTestId("balance").nth(1)).toHaveText(
    receive,
    CHAIN_START,
  );
  await screenshot(page, "swap-completed");
});

test("changing a field drops the quote; an expired quote cannot be executed", async () => {
  const form = swapForm();
  await form.getByLabel("Amount (ETH)").fill("0.2");
  await expect(quoteCard()).toHaveCount(0);
  // Time in the page only: the quote's 60 s pass without waiting for them.
  await page.clock.install();
  await form.getByRole("button", { name: "Get quote" }).click();
  await expect(quoteCard().getByTestId("quote-pay")).toHaveText("0.2 ETH", CHAIN_START);
  await page.clock.fastForward(61_000);
  await expect(quoteCard().getByTestId("quote-expiry")).toHaveText("Expired: get a new quote");
  await expect(quoteCard().getByRole("button", { name: "Swap with passkey" })).toBeDisabled();
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
