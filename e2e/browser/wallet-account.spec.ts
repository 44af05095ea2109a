import { expect, type Page, test } from "@playwright/test";
import { createPublicClient, erc20Abi, http, parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { mainnet } from "viem/chains";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * An account's page: its balances on every EVM chain (Polygon configured with an RPC node that is
 * not there: no Fund button, its error in its row, the other chains unaffected), funding on the
 * local Ethereum devnet, a refused Send that never reaches the passkey, and a Send followed to
 * COMPLETED with the recipient's balance read by viem over /rpc; then the organization's gas sponsorship.
 */
test.describe.configure({ mode: "serial" });

// Port 9 (discard) on loopback: nothing listens, so the node is refused at once.
const UNREACHABLE_POLYGON = "eip155:137=http://127.0.0.1:9";

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
/** The activities the browser submits, by path: a form refused in the browser submits none (every one is passkey-stamped). */
const submitted: string[] = [];
let sender = "";

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer({ env: { LATCHKEY_RPC_URLS: UNREACHABLE_POLYGON } });
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/public/v1/submit/")) submitted.push(path);
  });
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Ledger Lane", userName: "frank" });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const row = (caip2: string) => page.locator(`[data-chain="${caip2}"]`);

test("a new wallet's Ethereum account opens on its balances: local devnets marked, a failing chain in its row", async () => {
  await nav(page, "Wallets");
  await page.getByLabel("Wallet name").fill("Payroll");
  await page.getByRole("button", { name: "Create wallet" }).click();
  await page
    .getByRole("status")
    .filter({ hasText: "Wallet Payroll created" })
    .getByRole("link", { name: "Open it" })
    .click();
  const address = page
    .locator('[data-account-format="ADDRESS_FORMAT_ETHEREUM"]')
    .getByTestId("account-address");
  sender = (await address.textContent()) ?? "";
  expect(sender).toMatch(/^0x[0-9a-fA-F]{40}$/);
  await address.click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ethereum account");
  await expect(page.getByTestId("account-address")).toHaveText(sender);
  await expect(page.locator("[data-chain]")).toHaveCount(6);
  await expect(row("eip155:1").getByTestId("balance")).toHaveText("0 ETH");
  await expect(row("eip155:1").getByTestId("chain-kind")).toHaveText("Local devnet");
  await expect(row("eip155:8453").getByTestId("balance")).toHaveText("0 ETH");

  const polygon = row("eip155:137");
  await expect(polygon.getByTestId("chain-kind")).toHaveText("RPC node");
  await expect(polygon.getByTestId("balance-error")).toContainText("eip155:137");
  await expect(polygon.getByRole("button", { name: /^Fund/ })).toHaveCount(0);
  await expect(row("eip155:1").getByRole("button", { name: "Fund 1 ETH on Ethereum" })).toBeVisible();
});

test("Fund on the local Ethereum devnet: the new balance shows", async () => {
  await row("eip155:1").getByRole("button", { name: "Fund 1 ETH on Ethereum" }).click();
  await expect(row("eip155:1").getByRole("status")).toHaveText("Added 1 ETH");
  await expect(row("eip155:1").getByTestId("balance")).toHaveText("1 ETH");
  // Only that chain: Base is another devnet.
  await expect(row("eip155:8453").getByTestId("balance")).toHaveText("0 ETH");
  await screenshot(page, "wallet-account");
});

test("a bad recipient, or more than the balance, is refused beside its field without a passkey prompt", async () => {
  submitted.length = 0;
  const form = page.getByRole("form", { name: "Send" });
  await form.getByLabel("Recipient").fill("0x1234");
  await form.getByLabel("Amount (ETH)").fill("0.1");
  await form.getByRole("button", { name: "Send with passkey" }).click();
  await expect(form.getByLabel("Recipient")).toHaveAttribute("aria-invalid", "true");
  await expect(form.getByRole("alert")).toHaveText(
    "must be an Ethereum address: 0x and 40 hex characters (mixed case only with a valid checksum)",
  );

  await form.getByLabel("Recipient").fill(privateKeyToAccount(generatePrivateKey()).address);
  await form.getByLabel("Amount (ETH)").fill("2");
  await form.getByRole("button", { name: "Send with passkey" }).click();
  await expect(form.getByRole("alert")).toHaveText("is more than the balance on Ethereum (1 ETH)");
  await form.getByLabel("Amount (ETH)").fill("0.0000000000000000001");
  await expect(form.getByRole("alert")).toHaveText("must have at most 18 decimals");
  expect(submitted).toEqual([]);
});

test("Send 0.25 ETH with the passkey: COMPLETED with its hash, the recipient has it on the chain, the history lists it", async () => {
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const form = page.getByRole("form", { name: "Send" });
  await form.getByLabel("Recipient").fill(recipient);
  await form.getByLabel("Amount (ETH)").fill("0.25");
  await form.getByRole("button", { name: "Send with passkey" }).click();
  await expect(form.getByTestId("send-status")).toHaveText("COMPLETED", { timeout: 30_000 });
  const hash = (await form.getByTestId("tx-hash").textContent()) ?? "";
  expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/);
  expect(submitted).toEqual(["/public/v1/submit/eth_send_transaction"]);

  const chain = createPublicClient({ chain: mainnet, transport: http(`${server.baseUrl}/rpc/eip155:1`) });
  expect(await chain.getBalance({ address: recipient })).toBe(parseEther("0.25"));
  const receipt = await chain.getTransactionReceipt({ hash: hash as `0x${string}` });
  expect(receipt.status).toBe("success");
  expect(receipt.from.toLowerCase()).toBe(sender.toLowerCase());

  // The sender's balance is read again once the send is final: 1 − 0.25 − the gas it paid.
  const spent = parseEther("0.25") + receipt.gasUsed * receipt.effectiveGasPrice;
  const left = await chain.getBalance({ address: sender as `0x${string}` });
  expect(left).toBe(parseEther("1") - spent);
  await expect(row("eip155:1").getByTestId("balance")).not.toHaveText("1 ETH");

  const recent = page.locator("[data-send-activity]");
  await expect(recent).toHaveCount(1);
  await expect(recent).toContainText(recipient);
  await expect(recent).toContainText("0.25 ETH");
  await expect(recent.getByTestId("send-status")).toHaveText("COMPLETED");
  await expect(recent.getByTestId("tx-hash")).toHaveText(hash);

  // The chain's own history (list_eth_transaction_history) lists it once its indexer has read the block.
  const history = page.locator(`[data-history-hash="${hash}"]`);
  await expect(history.getByTestId("history-transfer")).toHaveText(`Sent 0.25 ETH to ${recipient}`, {
    timeout: 30_000,
  });
  await expect(history).toContainText("via Latchkey");
  await screenshot(page, "wallet-account-sent");
});

test("send 1.5 USDC (an ERC-20 transfer call): COMPLETED, the recipient holds it on the chain, listed as USDC", async () => {
  const form = page.getByRole("form", { name: "Send" });
  const usdc =
    (await form.getByLabel("Asset").locator("option", { hasText: "USDC" }).getAttribute("value")) ?? "";
  const token = usdc.split("/erc20:")[1] as `0x${string}`;
  expect(token).toMatch(/^0x[0-9a-f]{40}$/);
  const faucet = await fetch(`${server.baseUrl}/rpc/eip155:1`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [sender, usdc, "5000000"],
    }),
  });
  expect((await faucet.json()).error).toBeUndefined();
  await page.reload();
  await expect(row("eip155:1").getByTestId("balance").nth(1)).toHaveText("5 USDC");

  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  await form.getByLabel("Recipient").fill(recipient);
  await form.getByLabel("Asset").selectOption(usdc);
  await expect(form.getByText("Balance: 5 USDC")).toBeVisible();
  await form.getByLabel("Amount (USDC)").fill("1.5");
  await form.getByRole("button", { name: "Send with passkey" }).click();
  await expect(form.getByTestId("send-status")).toHaveText("COMPLETED", { timeout: 30_000 });

  const chain = createPublicClient({ chain: mainnet, transport: http(`${server.baseUrl}/rpc/eip155:1`) });
  const balanceOf = (owner: string) =>
    chain.readContract({
      address: token,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [owner as `0x${string}`],
    });
  expect(await balanceOf(recipient)).toBe(1_500_000n);
  expect(await balanceOf(sender)).toBe(3_500_000n);
  await expect(row("eip155:1").getByTestId("balance").nth(1)).toHaveText("3.5 USDC");
  const latest = page.locator("[data-send-activity]").first();
  await expect(latest).toContainText(recipient);
  await expect(latest).toContainText("1.5 USDC");
  await expect(latest.getByTestId("send-status")).toHaveText("COMPLETED");
});

test("the organization's gas sponsorship: a gas station must be its own account; saved, it shows", async () => {
  await nav(page, "Organization");
  const card = page.getByRole("region", { name: /Gas sponsorship/ });
  await expect(card.getByTestId("sponsorship-state")).toHaveText("Disabled");
  await expect(card).toContainText("Not set up");
  await expect(card.getByTestId("gas-usage")).toHaveText("Used $0 of $0 in the last 1440 minutes");

  const stranger = privateKeyToAccount(generatePrivateKey()).address;
  await card.getByLabel("EVM gas station").fill(stranger);
  await card.getByRole("button", { name: "Save sponsorship" }).click();
  await expect(card.getByRole("alert")).toContainText(
    `${stranger} is not a wallet account or private key address of this organization`,
  );

  await card.getByLabel("EVM gas station").fill(sender);
  await card.getByLabel("Sponsor gas for this organization's sends").check();
  await card.getByLabel("Limit per window (USD)").fill("25");
  await card.getByLabel("Window (minutes)").fill("60");
  await card.getByRole("button", { name: "Save sponsorship" }).click();
  await expect(card.getByTestId("sponsorship-state")).toHaveText("Enabled");
  await expect(card.getByTestId("gas-usage")).toHaveText("Used $0 of $25 in the last 60 minutes");
  await expect(card).toContainText("This organization's own configuration.");

  await page.reload();
  await expect(card.getByLabel("EVM gas station")).toHaveValue(sender);
  await expect(card.getByLabel("Sponsor gas for this organization's sends")).toBeChecked();
  await screenshot(page, "gas-sponsorship");
});

test("no errors in the browser console but the unreachable Polygon node's 503s and the refused gas station", () => {
  const expected = (line: string) =>
    (line.includes("status of 503") && line.includes("/public/v1/query/get_wallet_address_balances")) ||
    (line.includes("status of 400") && line.includes("/public/v1/submit/upsert_gas_usage_config"));
  // Polygon's balance is read again after each send (every balance is): one 503 or more.
  expect(consoleErrors.filter(expected).length).toBeGreaterThan(1);
  expect(consoleErrors.filter((line) => !expected(line))).toEqual([]);
});
