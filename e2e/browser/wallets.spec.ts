import { expect, type Locator, type Page, test } from "@playwright/test";
import { erc20Abi } from "viem";
import { mnemonicToAccount, privateKeyToAccount } from "viem/accounts";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * Keys in the dashboard: a wallet on three chains, one more account, its mnemonic exported and
 * checked against the addresses; a tagged private key exported and checked the same way; a
 * contract interface uploaded. One organization, steps in order.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
/** Every request body the browser sends, to show that no exported secret ever leaves it. */
const sentBodies: string[] = [];

const ETHEREUM = /^0x[0-9a-fA-F]{40}$/;
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/;
const BECH32_P2WPKH = /^bc1q[02-9ac-hj-np-z]{38}$/;

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({
    baseURL: server.baseUrl,
    permissions: ["clipboard-read", "clipboard-write"],
  });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => sentBodies.push(request.postData() ?? ""));
  await addVirtualAuthenticator(page);
  await createOrganization(page, { organizationName: "Vault Co", userName: "erin" });
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

const accountRows = () => page.locator("[data-account-format]");
const text = async (locator: Locator) => (await locator.textContent()) ?? "";
let ethereumAddress: string;
let derivedAddress: string;

test("creates a wallet with Ethereum, Solana and Bitcoin accounts and shows their addresses", async () => {
  await nav(page, "Wallets");
  await expect(page.getByText("No wallets yet.")).toBeVisible();
  await page.getByLabel("Wallet name").fill("Treasury");
  await expect(page.getByLabel("Ethereum", { exact: true })).toBeChecked();
  await page.getByLabel("Solana", { exact: true }).check();
  await page.getByLabel("Bitcoin (native segwit)", { exact: true }).check();
  await page.getByRole("button", { name: "Create wallet" }).click();

  const created = page.getByRole("status").filter({ hasText: "Wallet Treasury created" });
  const createdAddress = (chain: string) =>
    text(created.locator(`[data-created-address="${chain}"]`).getByTestId("address"));
  await expect(created.getByTestId("address")).toHaveCount(3);
  ethereumAddress = await createdAddress("ethereum");
  expect(ethereumAddress).toMatch(ETHEREUM);
  expect(await createdAddress("solana")).toMatch(BASE58);
  expect(await createdAddress("bitcoin-segwit")).toMatch(BECH32_P2WPKH);
  await expect(page.locator('[data-wallet="Treasury"]')).toBeVisible();
  await screenshot(page, "wallets");

  await created.getByRole("link", { name: "Open it" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Treasury");
  await expect(accountRows()).toHaveCount(3);
  const ethereum = page.locator('[data-account-format="ADDRESS_FORMAT_ETHEREUM"]');
  await expect(ethereum.getByTestId("account-address")).toHaveText(ethereumAddress);
  await expect(ethereum.getByTestId("account-path")).toHaveText("m/44'/60'/0'/0/0");
  await expect(ethereum).toContainText("secp256k1");
  await expect(page.locator('[data-account-format="ADDRESS_FORMAT_SOLANA"]')).toContainText(
    "m/44'/501'/0'/0'",
  );
  await expect(page.locator('[data-account-format="ADDRESS_FORMAT_SOLANA"]')).toContainText("Ed25519");
  await expect(page.locator('[data-account-format="ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH"]')).toContainText(
    "m/84'/0'/0'/0/0",
  );

  await ethereum.getByRole("button", { name: `Copy address ${ethereumAddress}` }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ethereumAddress);
});

test("derives the next Ethereum account", async () => {
  await expect(page.getByLabel("Chain")).toHaveValue("ethereum");
  await expect(page.getByText("Account #1 at m/44'/60'/0'/0/1")).toBeVisible();
  await page.getByRole("button", { name: "Derive account" }).click();
  await expect(accountRows()).toHaveCount(4);
  const derived = accountRows().last();
  await expect(derived.getByTestId("account-path")).toHaveText("m/44'/60'/0'/0/1");
  derivedAddress = await text(derived.getByTestId("account-address"));
  expect(derivedAddress).toMatch(ETHEREUM);
  expect(derivedAddress).not.toBe(ethereumAddress);
  // The form moves on to the index after.
  await expect(page.getByText("Account #2 at m/44'/60'/0'/0/2")).toBeVisible();
  await screenshot(page, "wallet-detail");
});

test("exports the wallet: the 12 words, decrypted in the browser, are the mnemonic behind its addresses", async () => {
  await page.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("anyone who sees them controls every account");
  await dialog.getByRole("button", { name: "Reveal with passkey" }).click();
  const words = dialog.getByTestId("mnemonic-word");
  await expect(words).toHaveCount(12);
  await screenshot(page, "wallet-export");
  const mnemonic = (await words.allTextContents()).join(" ");
  expect(mnemonicToAccount(mnemonic).address).toBe(ethereumAddress);
  expect(mnemonicToAccount(mnemonic, { addressIndex: 1 }).address).toBe(derivedAddress);
  expect(sentBodies.filter((body) => body.includes(mnemonic))).toEqual([]);

  // Closing forgets the words: opening again starts over with the warning and the passkey.
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole("button", { name: "Export" }).click();
  await expect(page.getByRole("dialog").getByTestId("mnemonic-word")).toHaveCount(0);
  await expect(page.getByRole("dialog").getByRole("button", { name: "Reveal with passkey" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByText("exported", { exact: true })).toBeVisible();
});

test("creates a private key tag, then a private key carrying it, and exports the key", async () => {
  await nav(page, "Tags");
  const keyTags = page.getByRole("region", { name: "Private key tags" });
  await keyTags.getByLabel("New private key tag").fill("hot");
  await keyTags.getByRole("button", { name: "Create tag" }).click();
  await expect(keyTags.locator('[data-tag="hot"] [data-testid="tag-usage"]')).toHaveText("0");
  await keyTags.getByRole("button", { name: "Rename private key tag hot" }).click();
  await keyTags.getByLabel("New name for hot").fill("hot-wallet");
  await keyTags.getByRole("button", { name: "Save" }).click();
  await expect(keyTags.locator('[data-tag="hot-wallet"]')).toBeVisible();

  await nav(page, "Private keys");
  await page.getByLabel("Key name").fill("signer");
  await expect(page.getByLabel("Ethereum", { exact: true })).toBeChecked();
  await page.getByLabel("hot-wallet").check();
  await page.getByRole("button", { name: "Create private key" }).click();
  const row = page.locator('[data-private-key="signer"]');
  await expect(row).toContainText("hot-wallet");
  const address = await text(
    row.locator('[data-address-format="ADDRESS_FORMAT_ETHEREUM"]').getByTestId("key-address"),
  );
  expect(address).toMatch(ETHEREUM);
  await screenshot(page, "private-keys");

  await row.getByRole("button", { name: "Export" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Reveal with passkey" }).click();
  const hex = await text(dialog.getByTestId("private-key-hex"));
  expect(hex).toMatch(/^[0-9a-f]{64}$/);
  expect(privateKeyToAccount(`0x${hex}`).address).toBe(address);
  expect(sentBodies.filter((body) => body.includes(hex))).toEqual([]);
  await page.keyboard.press("Escape");
  await expect(row).toContainText("exported");

  await nav(page, "Tags");
  await expect(page.locator('[data-tag="hot-wallet"] [data-testid="tag-usage"]')).toHaveText("1");
  await screenshot(page, "tags");
});

test("deleting a never-exported key asks to accept losing it", async () => {
  await nav(page, "Private keys");
  await page.getByLabel("Key name").fill("scratch");
  await page.getByRole("button", { name: "Create private key" }).click();
  const row = page.locator('[data-private-key="scratch"]');
  await row.getByRole("button", { name: "Delete private key scratch" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("never been exported");
  await expect(confirm.getByRole("button", { name: "Delete" })).toBeDisabled();
  await confirm.getByLabel("Delete without an export; I accept that the keys are lost").check();
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.locator('[data-private-key="signer"]')).toBeVisible();
});

test("uploads an ERC-20 ABI as a contract interface, after the server refused a broken one", async () => {
  await nav(page, "Contract interfaces");
  await page.getByLabel("Label").fill("USDC");
  await page.getByLabel("Contract address").fill("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  await page.getByLabel("ABI / IDL (JSON)").fill("[not json");
  await page.getByRole("button", { name: "Upload interface" }).click();
  await expect(page.getByRole("main").getByRole("alert")).toContainText(
    "smartContractInterface: is not valid JSON",
  );

  await page.getByLabel("or upload a file").setInputFiles({
    name: "erc20.json",
    mimeType: "application/json",
    buffer: Buffer.from(JSON.stringify(erc20Abi)),
  });
  await expect(page.getByLabel("ABI / IDL (JSON)")).toHaveValue(JSON.stringify(erc20Abi));
  await page.getByRole("button", { name: "Upload interface" }).click();
  const row = page.locator('[data-contract="USDC"]');
  await expect(row).toContainText("Ethereum ABI");
  await expect(row).toContainText("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
  await screenshot(page, "contracts");

  await row.getByRole("link", { name: "USDC" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("USDC");
  await expect(page.getByTestId("contract-definition")).toContainText('"name": "transferFrom"');
});

test("deletes the exported wallet and goes back to the list", async () => {
  await nav(page, "Wallets");
  await page.locator('[data-wallet="Treasury"]').getByRole("link", { name: "Treasury" }).click();
  await page.getByRole("button", { name: "Delete wallet Treasury" }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("the export you made is then the only copy");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page).toHaveURL(/\/wallets$/);
  await expect(page.getByText("No wallets yet.")).toBeVisible();
});

test("no errors in the browser console but the refused upload's 400", () => {
  const refused = (line: string) =>
    line.includes("status of 400") && line.includes("/public/v1/submit/create_smart_contract_interface");
  expect(consoleErrors.filter(refused)).toHaveLength(1);
  expect(consoleErrors.filter((line) => !refused(line))).toEqual([]);
});
