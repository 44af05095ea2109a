import { type BrowserContext, expect, type Page, test } from "@playwright/test";
import { type Address, createSolanaRpc, generateKeyPairSigner } from "@solana/kit";
import { DEVNET_USDC_MINT, displayAmount } from "@/lib/api/assets";
import { SOLANA_MAINNET } from "@/lib/api/chains";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { expectNoAxeViolations } from "./axe";
import { createOrganization, nav, watchConsole } from "./dashboard";
import { tabTo } from "./keyboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A Solana account's page: funded with Fund (SOL) and the devnet faucet (USDC), it sends SOL and
 * USDC (the recipient's token account created on the way), each followed to COMPLETED and checked
 * on the chain with @solana/kit over /rpc; a send the chain refuses shows the chain's words; then,
 * with a Solana gas station set, a sponsored send made with the keyboard alone at 390 px wide, the
 * fee paid by the gas station.
 */
test.describe.configure({ mode: "serial" });

const CHAIN = SOLANA_MAINNET;
const USDC = `${CHAIN}/token:${DEVNET_USDC_MINT}`;
const FEE = 5000n;

let server: EmptyServer;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
let sender: Address;
let station: Address;
let recipient: Address;
let accountUrl = "";

const rpc = () => createSolanaRpc(`${server.baseUrl}/rpc/${CHAIN}`);
const lamports = async (address: Address) => (await rpc().getBalance(address).send()).value;
async function usdcUnits(owner: Address): Promise<bigint> {
  const { value } = await rpc()
    .getTokenAccountsByOwner(owner, { mint: DEVNET_USDC_MINT as Address }, { encoding: "jsonParsed" })
    .send();
  return value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
}
/** The devnet faucet over /rpc, as a developer would call it: base units of a seeded asset. */
async function faucet(address: string, asset: string, units: bigint) {
  const response = await fetch(`${server.baseUrl}/rpc/${CHAIN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [address, asset, units.toString()],
    }),
  });
  expect((await response.json()).error).toBeUndefined();
}

const row = () => page.locator(`[data-chain="${CHAIN}"]`);
const form = () => page.getByRole("form", { name: "Send" });

/** A wallet with one Solana account, made on the Wallets page; its address. */
async function solanaWallet(name: string): Promise<Address> {
  await nav(page, "Wallets");
  await page.getByLabel("Wallet name").fill(name);
  await page.getByLabel("Ethereum", { exact: true }).uncheck();
  await page.getByLabel("Solana", { exact: true }).check();
  await page.getByRole("button", { name: "Create wallet" }).click();
  const created = page.getByRole("status").filter({ hasText: `Wallet ${name} created` });
  const address =
    (await created.locator('[data-created-address="solana"]').getByTestId("address").textContent()) ?? "";
  expect(address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
  return address as Address;
}

/** Fill the form and send with the passkey; the send's status once final. */
async function send(to: string, asset: string, amount: string) {
  await form().getByLabel("Recipient").fill(to);
  await form().getByLabel("Asset").selectOption(asset);
  await form()
    .getByLabel(/^Amount/)
    .fill(amount);
  await form().getByRole("button", { name: "Send with passkey" }).click();
  await expect(form().getByTestId("send-status")).toHaveText(/COMPLETED|FAILED/, { timeout: 30_000 });
}

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  // A context of our own, not browser.newPage(): axe opens a page of its own in it to assemble results.
  context = await browser.newContext({ baseURL: server.baseUrl });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Sol Street", userName: "grace" });
  recipient = (await generateKeyPairSigner()).address;
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
});

test("a Solana account: Fund adds SOL, the faucet USDC; sponsorship is off and says why", async () => {
  station = await solanaWallet("Gas");
  sender = await solanaWallet("Ops");
  await page
    .getByRole("status")
    .filter({ hasText: "Wallet Ops created" })
    .getByRole("link", { name: "Open it" })
    .click();
  await page.locator('[data-account-format="ADDRESS_FORMAT_SOLANA"]').getByTestId("account-address").click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Solana account");
  accountUrl = page.url();
  await expect(page.locator("[data-chain]")).toHaveCount(2);

  await row().getByRole("button", { name: "Fund 1 SOL on Solana" }).click();
  await expect(row().getByTestId("balance")).toHaveText(["1 SOL"]);
  await faucet(sender, USDC, 2_500_000n);
  await page.reload();
  await expect(row().getByTestId("balance")).toHaveText(["1 SOL", "2.5 USDC"]);

  await expect(form().getByLabel("Asset").locator("option")).toHaveText([
    "SOL — Solana",
    "USDC — USD Coin (Latchkey devnet)",
  ]);
  const sponsor = form().getByLabel(/^Sponsor/);
  await expect(sponsor).toBeDisabled();
  await expect(form().getByTestId("sponsor-unavailable")).toContainText(
    "Gas sponsorship is not set up for this organization.",
  );
  await expectNoAxeViolations(page, "the Solana account page");
});

test("more USDC than the balance, or an Ethereum recipient, is refused beside its field", async () => {
  await form().getByLabel("Recipient").fill("0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B");
  await form().getByLabel("Asset").selectOption(USDC);
  await form().getByLabel("Amount (USDC)").fill("3");
  await form().getByRole("button", { name: "Send with passkey" }).click();
  await expect(form().getByRole("alert")).toHaveText([
    "must be a Solana address: 32 bytes in base58",
    "is more than the balance on Solana (2.5 USDC)",
  ]);
  await expectNoAxeViolations(page, "the Send form with its errors");
});

test("send 0.25 SOL: COMPLETED with its signature, the chain has it, the balance changes", async () => {
  await send(recipient, `${CHAIN}/slip44:501`, "0.25");
  await expect(form().getByTestId("send-status")).toHaveText("COMPLETED");
  await expect(form().getByTestId("tx-hash")).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/);
  expect(await lamports(recipient)).toBe(250_000_000n);
  expect(await lamports(sender)).toBe(750_000_000n - FEE);
  await expect(row().getByTestId("balance").first()).toHaveText("0.749995 SOL");
});

test("send 1.5 USDC to an address with no token account: created on the way, COMPLETED, listed with SOL's", async () => {
  await send(recipient, USDC, "1.5");
  await expect(form().getByTestId("send-status")).toHaveText("COMPLETED");
  expect(await usdcUnits(recipient)).toBe(1_500_000n);
  expect(await usdcUnits(sender)).toBe(1_000_000n);
  await expect(row().getByTestId("balance").nth(1)).toHaveText("1 USDC");

  const recent = page.locator("[data-send-activity]");
  await expect(recent).toHaveCount(2);
  await expect(recent.nth(0)).toContainText(recipient);
  await expect(recent.nth(0)).toContainText("1.5 USDC");
  await expect(recent.nth(1)).toContainText("0.25 SOL");
  await expect(recent.getByTestId("send-status")).toHaveText(["COMPLETED", "COMPLETED"]);
  await screenshot(page, "wallet-account-solana");
});

test("a send the chain refuses (the whole balance leaves nothing for the fee) fails with the chain's words", async () => {
  const all = await lamports(sender);
  await send(recipient, `${CHAIN}/slip44:501`, displayAmount(all, 9));
  await expect(form().getByTestId("send-status")).toHaveText("FAILED");
  await expect(form().getByTestId("send-error")).toContainText(
    "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
  );
  // The System program's own words say what the code 0x1 means.
  await expect(form().getByTestId("send-logs")).toContainText("Transfer: insufficient lamports");
  await expect(page.locator("[data-send-activity]").first().getByTestId("send-status")).toHaveText("FAILED");
  expect(await lamports(sender)).toBe(all);
});

test("sponsored at 390 px, with the keyboard alone: the gas station pays the fee", async () => {
  await faucet(station, "native", 1_000_000_000n);
  await nav(page, "Organization");
  const card = page.getByRole("region", { name: /Gas sponsorship/ });
  await card.getByLabel("Solana gas station").fill(station);
  await card.getByLabel("Sponsor gas for this organization's sends").check();
  await card.getByLabel("Limit per window (USD)").fill("25");
  await card.getByRole("button", { name: "Save sponsorship" }).click();
  await expect(card.getByTestId("sponsorship-state")).toHaveText("Enabled");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(accountUrl);
  await expect(form().getByTestId("gas-station")).toContainText(station);
  // The form fits its column: nothing in it wider than the form (the dashboard shell's fixed
  // sidebar is another matter: at 390 px the page itself scrolls sideways).
  expect(await form().evaluate((f) => f.scrollWidth <= f.clientWidth)).toBe(true);

  const [senderBefore, stationBefore] = [await lamports(sender), await lamports(station)];
  const other = (await generateKeyPairSigner()).address;
  await tabTo(page, form().getByLabel("Recipient"), { max: 80 });
  await page.keyboard.type(other);
  await tabTo(page, form().getByLabel(/^Amount/));
  await page.keyboard.type("0.1");
  await tabTo(page, form().getByLabel(/^Sponsor/));
  await page.keyboard.press("Space");
  await expect(form().getByLabel(/^Sponsor/)).toBeChecked();
  await tabTo(page, form().getByRole("button", { name: "Send with passkey" }));
  await page.keyboard.press("Enter");
  await expect(form().getByTestId("send-status")).toHaveText("COMPLETED", { timeout: 30_000 });

  expect(await lamports(other)).toBe(100_000_000n);
  // Exactly the amount left the sender; the gas station paid both signatures' fee.
  expect(await lamports(sender)).toBe(senderBefore - 100_000_000n);
  expect(await lamports(station)).toBe(stationBefore - 2n * FEE);
  await expectNoAxeViolations(page, "the Solana account page at 390 px");
  await screenshot(page, "wallet-account-solana-sponsored");
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
