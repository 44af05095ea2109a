import { expect, type Locator, type Page } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { erc20Abi } from "viem";
import { apiClient } from "./dashboard";

/**
 * What the phone and desktop layout tests need on every page: a backend key of alice, a wallet, a
 * private key with a tag, a contract interface, a deny policy that refused one of bob's requests,
 * bob as a second root (quorum 2) and two of his renames waiting; carol still to be invited.
 */
export const DENY_POLICY = "No new key tags";

export interface Scene {
  organizationId: string;
  wallet: string;
  account: string;
  contract: string;
  policy: string;
  rootIds: string[];
  denied: string;
  toApprove: string;
  stillWaiting: string;
}

export const backendKey = generateP256KeyPair();
const bobKey = generateP256KeyPair();

/** Add alice's backend key on the API keys page, as a person would on a phone. */
export async function addBackendKey(page: Page): Promise<void> {
  await page.goto("/api-keys");
  await page.getByLabel("Key name").fill("backend");
  await page.getByLabel("Public key (hex)").fill(backendKey.publicKey);
  await page.getByRole("button", { name: "Add API key" }).click();
  await expect(page.locator('[data-api-key="backend"]')).toBeVisible();
}

export async function seed(baseUrl: string, organizationId: string): Promise<Scene> {
  const api = apiClient(baseUrl, organizationId, backendKey);
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
  const contract = await api.createSmartContractInterface({
    smartContractAddress: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48",
    smartContractInterface: JSON.stringify(erc20Abi),
    type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
    label: "USDC",
  });
  const policy = await api.createPolicy({
    policyName: DENY_POLICY,
    effect: "EFFECT_DENY",
    condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
    notes: "Tags are made by the platform team.",
  });
  const me = await api.getWhoami({ organizationId });
  const { userIds } = await api.createUsers({
    users: [
      {
        userName: "bob",
        apiKeys: [{ apiKeyName: "bob", publicKey: bobKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
      { userName: "carol", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] },
    ],
  });
  return {
    organizationId,
    wallet: wallet.walletId,
    account: wallet.addresses[0]!,
    contract: contract.smartContractInterfaceId,
    policy: policy.policyId,
    rootIds: [me.userId, userIds[0]!],
    denied: "",
    toApprove: "",
    stillWaiting: "",
  };
}

/** bob joins the root quorum (2 of 2), is refused a tag by the deny policy and proposes two renames. */
export async function raiseQuorum(baseUrl: string, scene: Scene): Promise<void> {
  const api = apiClient(baseUrl, scene.organizationId, backendKey);
  const bob = () => apiClient(baseUrl, scene.organizationId, bobKey);
  await api.updateRootQuorum({ threshold: 2, userIds: scene.rootIds });
  // bob alone does not meet the quorum, so the policies decide: the deny policy refuses the tag.
  await expect(bob().createPrivateKeyTag({ privateKeyTagName: "cold", privateKeyIds: [] })).rejects.toThrow();
  const { activities: failed } = await api.getActivities({ filterByStatus: ["ACTIVITY_STATUS_FAILED"] });
  const toApprove = await bob().updateOrganizationName({ organizationName: "Harbor Holdings" });
  const stillWaiting = await bob().updateOrganizationName({ organizationName: "Never Named" });
  scene.denied = failed[0]!.id;
  scene.toApprove = toApprove.activity.id;
  scene.stillWaiting = stillWaiting.activity.id;
}

/** How many activities of each status the organization has, read through the API. */
export async function statusTotals(baseUrl: string, organizationId: string): Promise<Record<string, number>> {
  const api = apiClient(baseUrl, organizationId, backendKey);
  const { activities } = await api.getActivities({ paginationOptions: { limit: "100" } });
  const totals: Record<string, number> = {};
  for (const { status } of activities) totals[status] = (totals[status] ?? 0) + 1;
  return totals;
}

/** Every dashboard page, with what shows once its data has loaded. */
export function dashboardPages(scene: Scene): { what: string; path: string; ready: (on: Page) => Locator }[] {
  return [
    {
      what: "overview",
      path: "/overview",
      ready: (on) => on.getByTestId("activity-chart").getByRole("list"),
    },
    { what: "activities", path: "/activities", ready: (on) => on.locator("[data-activity-id]").first() },
    {
      what: "an activity awaiting votes",
      path: `/activities/${scene.stillWaiting}`,
      ready: (on) => on.getByRole("button", { name: "Approve" }),
    },
    {
      what: "a denied activity",
      path: `/activities/${scene.denied}`,
      ready: (on) => on.getByTestId("deciding-policies"),
    },
    { what: "users", path: "/users", ready: (on) => on.locator('[data-user="bob"]') },
    { what: "API keys", path: "/api-keys", ready: (on) => on.locator('[data-api-key="backend"]') },
    { what: "wallets", path: "/wallets", ready: (on) => on.locator('[data-wallet="Treasury"]') },
    {
      what: "a wallet",
      path: `/wallets/${scene.wallet}`,
      ready: (on) => on.locator("[data-account-format]").first(),
    },
    {
      what: "a wallet account",
      path: `/wallets/${scene.wallet}/accounts/${scene.account}`,
      ready: (on) => on.locator('[data-chain="eip155:1"]').getByTestId("balance"),
    },
    { what: "private keys", path: "/private-keys", ready: (on) => on.locator('[data-private-key="signer"]') },
    { what: "tags", path: "/tags", ready: (on) => on.locator('[data-tag="hot"]') },
    { what: "contract interfaces", path: "/contracts", ready: (on) => on.locator('[data-contract="USDC"]') },
    {
      what: "a contract interface",
      path: `/contracts/${scene.contract}`,
      ready: (on) => on.getByTestId("contract-definition"),
    },
    { what: "policies", path: "/policies", ready: (on) => on.locator(`[data-policy="${DENY_POLICY}"]`) },
    {
      what: "a policy",
      path: `/policies/${scene.policy}`,
      ready: (on) => on.getByRole("heading", { level: 1, name: DENY_POLICY }),
    },
    { what: "the organization", path: "/organization", ready: (on) => on.getByTestId("organization-id") },
    { what: "your passkeys", path: "/account", ready: (on) => on.locator("[data-passkey]").first() },
  ];
}
