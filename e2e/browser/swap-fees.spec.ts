import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { createPublicClient, erc20Abi, formatUnits, http, parseEther } from "viem";
import { mainnet } from "viem/chains";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * Finance's swap fees on the local Ethereum devnet's pools: a fee above the cap is refused beside
 * its field with nothing sent, a receiver outside the organization by the server; the passkey saves a 25 bps fee to a receiver; a backend's swap (the
 * official SDK) accrues it and the page shows it; Claim swap fees moves it to the receiver, whose
 * balance the page and the chain show, and the page shows nothing left to claim.
 */
test.describe.configure({ mode: "serial" });

const CAIP2 = "eip155:1";
const ETH = `${CAIP2}/slip44:60`;
const CHAIN_START = { timeout: 180_000 };
let server: EmptyServer;
let page: Page;
let backend: ReturnType<typeof apiClient>;
let receiver = "";
let trader = "";
const consoleErrors: string[] = [];
const submitted: string[] = [];

const rpcUrl = () => `${server.baseUrl}/rpc/${CAIP2}`;
const chain = () => createPublicClient({ chain: mainnet, transport: http(rpcUrl()) });
const faucet = (to: string, amount: bigint) =>
  fetch(rpcUrl(), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [to, "native", String(amount)],
    }),
  }).then((r) => r.json());
const configForm = () => page.getByRole("form", { name: "Swap fee config" });

test.beforeAll(async ({ browser }) => {
  test.setTimeout(300_000);
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  page.on("request", (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith("/public/v1/submit/")) submitted.push(path);
  });
  await addVirtualAuthenticator(page);
  const organizationId = await createOrganization(page, { organizationName: "Fee Desk", userName: "fin" });
  const key = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", key.publicKey);
  backend = apiClient(server.baseUrl, organizationId, key);
  const { addresses } = await backend.createWallet({
    walletName: "Treasury",
    accounts: [0, 1].map((i) => ({
      curve: "CURVE_SECP256K1" as const,
      pathFormat: "PATH_FORMAT_BIP32" as const,
      path: `m/44'/60'/0'/0/${i}`,
      addressFormat: "ADDRESS_FORMAT_ETHEREUM" as const,
    })),
  });
  [trader, receiver] = addresses as [string, string];
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("a fee above the cap is refused beside its field, a stranger receiver by the server; the passkey saves 25 bps", async () => {
  await nav(page, "Swap fees");
  const form = configForm();
  await expect(form.getByLabel("Fee (bps)", { exact: true })).toHaveValue("0");
  await expect(page.getByText("No fee receiver is set: swaps take no fee.")).toBeVisible();
  submitted.length = 0;
  await form.getByLabel("Fee receiver wallet account").fill(receiver);
  await form.getByLabel("Fee (bps)", { exact: true }).fill("1001");
  await form.getByRole("button", { name: "Save swap fees" }).click();
  await expect(form.getByRole("alert")).toHaveText("must be at most 1000 basis points");
  await expect(form.getByLabel("Fee (bps)", { exact: true })).toHaveAttribute("aria-invalid", "true");
  expect(submitted).toEqual([]);

  // Well formed, but no account of this organization: the server's 400 says so, and nothing is kept.
  const stranger = "0x000000000000000000000000000000000000dEaD";
  await form.getByLabel("Fee receiver wallet account").fill(stranger);
  await form.getByLabel("Fee (bps)", { exact: true }).fill("25");
  await form.getByRole("button", { name: "Save swap fees" }).click();
  await expect(form.getByRole("alert")).toContainText(
    `${stranger} is not an Ethereum wallet account of this organization`,
  );
  await expect(page.getByText("No fee receiver is set: swaps take no fee.")).toBeVisible();

  await form.getByLabel("Fee receiver wallet account").fill(receiver);
  await form.getByRole("button", { name: "Save swap fees" }).click();
  await expect(form.getByRole("status")).toHaveText("Swap fee config saved.");
  expect(submitted).toEqual(["/public/v1/submit/upsert_swap_config", "/public/v1/submit/upsert_swap_config"]);
  await expect(page.getByText(`Paid to ${receiver}`)).toBeVisible();
  await expect(page.getByText("No swap has paid this receiver a fee yet.")).toBeVisible();
  // What the page shows after a reload is what the server kept.
  await page.reload();
  await expect(configForm().getByLabel("Fee receiver wallet account")).toHaveValue(receiver);
  await expect(configForm().getByLabel("Fee (bps)", { exact: true })).toHaveValue("25");
});

test("a backend's swap accrues the fee; Claim swap fees moves it to the receiver and leaves zero", async () => {
  test.setTimeout(300_000);
  await faucet(trader, parseEther("1"));
  await faucet(receiver, parseEther("1")); // the claim is the receiver's own send: it pays the gas
  const { assets } = await backend.listSupportedAssets({ caip2: CAIP2 });
  const usdc = assets!.find((a) => a.symbol === "USDC")!.caip19!;
  const { quotes } = await backend.createSwapQuote({
    signWith: trader,
    inputToken: ETH,
    outputToken: usdc,
    inputAmount: parseEther("0.1").toString(),
  });
  const quote = quotes[0]!;
  expect(quote.clientFeeBps).toBe("25");
  const { swapRequestId } = await backend.executeSwap({
    quoteId: quote.quoteId,
    inputToken: ETH,
    inputAmount: parseEther("0.1").toString(),
    outputToken: usdc,
    quotedOutputAmount: quote.outputAmount,
    minOutputAmount: quote.minOutputAmount,
    sponsor: false,
  });
  await expect
    .poll(async () => (await backend.getSwapStatus({ swapRequestId })).status, CHAIN_START)
    .toBe("COMPLETED");
  const out = BigInt((await backend.getSwapStatus({ swapRequestId })).outputAmount!);

  await page.reload();
  const row = page.locator(`[data-fee="${usdc}"]`);
  const accrued = row.getByTestId("accrued-fee");
  await expect(accrued).not.toHaveAttribute("data-raw", "0", CHAIN_START);
  const fee = BigInt((await accrued.getAttribute("data-raw"))!);
  // 25 bps of the gross output, which is what the trader got plus the fee.
  expect(fee).toBeGreaterThan(0n);
  expect(fee).toBe(((out + fee) * 25n) / 10_000n);
  await expect(accrued).toHaveText(`${formatUnits(fee, 6)} USDC`);
  await expect(row.getByTestId("receiver-balance")).toHaveText("0 USDC");
  await expect(page.getByTestId("accrued-total")).toHaveText("Fees are waiting to be claimed.");
  await screenshot(page, "swap-fees-accrued");

  submitted.length = 0;
  await page.getByRole("button", { name: "Claim swap fees" }).click();
  await expect(page.getByTestId("claim-progress")).toContainText(
    "Claim: confirmed, the fees are at the receiver.",
    CHAIN_START,
  );
  expect(submitted).toEqual(["/public/v1/submit/claim_swap_fees"]);
  await expect(accrued).toHaveText("0 USDC");
  await expect(row.getByTestId("receiver-balance")).toHaveText(`${formatUnits(fee, 6)} USDC`);
  await expect(page.getByTestId("accrued-total")).toHaveText("Nothing to claim: no fees have accrued.");
  await expect(page.getByRole("button", { name: "Claim swap fees" })).toBeDisabled();
  const held = await chain().readContract({
    address: usdc.split("/erc20:")[1] as `0x${string}`,
    abi: erc20Abi,
    functionName: "balanceOf",
    args: [receiver as `0x${string}`],
  });
  expect(held).toBe(fee);
  await screenshot(page, "swap-fees-claimed");
});

test("no errors in the browser console but the one refused receiver", () => {
  // The browser itself logs the server's 400 to the stranger receiver; nothing else may be red.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 400 .*\/submit\/upsert_swap_config/)]);
});
