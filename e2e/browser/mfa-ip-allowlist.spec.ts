import { expect, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * Smoke: the Organization page sets and removes the IP allowlist, "Your passkeys" adds and deletes
 * an MFA policy; each is read back with the official server SDK as a backend would. The server is
 * `latchkey start` without LATCHKEY_TRUST_PROXY: the address checked is the socket's, loopback here,
 * so the list must name this machine or it would refuse the dashboard's own next request — which is
 * what it is for.
 */
test.describe.configure({ mode: "serial" });

let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
let organizationId: string;
let userId: string;
const backendKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
  organizationId = await createOrganization(page, { organizationName: "Fenced", userName: "ines" });
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  userId = (await backend().getWhoami({ organizationId })).userId;
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

test("the organization's IP allowlist is set and removed on the Organization page", async () => {
  await nav(page, "Organization");
  const form = page.getByRole("form", { name: "IP allowlist" });
  await form
    .getByLabel(/Allowed addresses/)
    .fill("203.0.113.0/24 office\n2001:db8::/32\n127.0.0.1/32 this machine\n::1/128 this machine");
  await form.getByLabel("When the client address cannot be known").selectOption("ALLOW");
  await form.getByRole("button", { name: "Save allowlist" }).click();
  await expect
    .poll(async () => (await backend().getIpAllowlist({ organizationId })).allowlist.rules.length)
    .toBe(4);
  const { allowlist } = await backend().getIpAllowlist({ organizationId });
  expect(allowlist).toMatchObject({
    enabled: true,
    onEvaluationError: "ALLOW",
    rules: [
      { cidr: "203.0.113.0/24", label: "office" },
      { cidr: "2001:db8::/32" },
      { cidr: "127.0.0.1/32", label: "this machine" },
      { cidr: "::1/128", label: "this machine" },
    ],
  });

  // A malformed block is refused with the server's words, and nothing changes.
  await form.getByLabel(/Allowed addresses/).fill("10.1.2.3/8");
  await form.getByRole("button", { name: "Save allowlist" }).click();
  await expect(form.getByText(/the block is 10\.0\.0\.0\/8/)).toBeVisible();
  expect((await backend().getIpAllowlist({ organizationId })).allowlist.rules).toHaveLength(4);

  await form.getByRole("button", { name: "Delete the IP allowlist" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect
    .poll(async () => (await backend().getIpAllowlist({ organizationId })).allowlist.enabled)
    .toBe(false);
});

test("an MFA policy is added and deleted on Your passkeys", async () => {
  await nav(page, "Your passkeys");
  const form = page.getByRole("form", { name: "New MFA policy" });
  await form.getByLabel("Name").fill("signing needs a passkey");
  await form.getByLabel("When (policy condition)").fill("activity.action == 'SIGN'");
  await form.getByLabel("Further authentication").selectOption("AUTHENTICATION_TYPE_PASSKEY");
  await form.getByRole("button", { name: "Add MFA policy" }).click();
  const table = page.getByTestId("mfa-policies");
  await expect(table.getByText("signing needs a passkey")).toBeVisible();
  const { mfaPolicies } = await backend().getMfaPolicies({ organizationId, userId });
  expect(mfaPolicies).toMatchObject([
    {
      mfaPolicyName: "signing needs a passkey",
      condition: "activity.action == 'SIGN'",
      requiredAuthenticationMethods: [{ any: [{ type: "AUTHENTICATION_TYPE_PASSKEY" }] }],
    },
  ]);

  await table.getByRole("button", { name: "Delete MFA policy signing needs a passkey" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("No MFA policies.")).toBeVisible();
  expect((await backend().getMfaPolicies({ organizationId, userId })).mfaPolicies).toEqual([]);
  // The one refusal the first test asked for (the malformed block) is the only error the browser logs.
  expect(consoleErrors).toEqual([expect.stringMatching(/status of 400 .*\/submit\/set_ip_allowlist/)]);
});
