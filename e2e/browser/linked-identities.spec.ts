import { type BrowserContext, expect, type Locator, type Page, test } from "@playwright/test";
import { generateP256KeyPair } from "@turnkey/crypto";
import { startTestIssuer, type TestIssuer } from "../../server/testing/oidc-issuer";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { emulateTheme, expectNoAxeViolations } from "./axe";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * A user's linked identities on the Users page. The identity is linked as a backend would (the
 * official server SDK, an ID token from a real `oidc-provider` issuer this spec runs on loopback and
 * the server allows through LATCHKEY_OIDC_ISSUERS); the browser lists it and unlinks it with the
 * passkey; the API confirms it is gone.
 */
test.describe.configure({ mode: "serial" });

let issuer: TestIssuer;
let server: EmptyServer;
let context: BrowserContext;
let page: Page;
const consoleErrors: string[] = [];
let organizationId: string;
let carolId: string;
const backendKey = generateP256KeyPair();
const backend = () => apiClient(server.baseUrl, organizationId, backendKey);

test.beforeAll(async ({ browser }) => {
  issuer = await startTestIssuer();
  server = await startEmptyServer({ env: { LATCHKEY_OIDC_ISSUERS: issuer.issuer } });
  // A context of its own, not browser.newPage's: axe finishes its run in another page of the context.
  context = await browser.newContext({ baseURL: server.baseUrl });
  page = await context.newPage();
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
  organizationId = await createOrganization(page, { organizationName: "Social", userName: "ines" });
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const { userIds } = await backend().createUsers({
    users: [{ userName: "carol", apiKeys: [], authenticators: [], oauthProviders: [], userTags: [] }],
  });
  carolId = userIds[0]!;
});
test.afterAll(async () => {
  await context?.close();
  await server?.stop();
  await issuer?.close();
});

/** Carol's detail view, opened afresh in each theme (the theme boot script runs on load), checked by axe. */
async function carolInBothThemes(what: string, ready: (detail: Locator) => Locator) {
  for (const theme of ["light", "dark"] as const) {
    await emulateTheme(page, theme);
    await page.goto("about:blank");
    await page.goto("/users");
    await page.getByRole("button", { name: "Details of carol" }).click();
    await expect(ready(page.locator('[data-user-detail="carol"]'))).toBeVisible();
    await expectNoAxeViolations(page, what);
  }
}

test("an identity linked through the API is listed and unlinked with the passkey", async () => {
  const oidcToken = await issuer.idToken({ sub: "carol-at-issuer", nonce: "unused-when-linking" });
  await backend().createOauthProviders({
    userId: carolId,
    oauthProviders: [{ providerName: "Google", oidcToken }],
  });

  await nav(page, "Users");
  await page.getByRole("button", { name: "Details of carol" }).click();
  const detail = page.locator('[data-user-detail="carol"]');
  const row = detail.locator('[data-identity="carol-at-issuer"]');
  await expect(row).toBeVisible();
  await expect(row).toContainText("Google");
  await expect(row).toContainText(issuer.issuer);
  await expect(row).toContainText("latchkey-app");
  await carolInBothThemes("a user's linked identities", (d) =>
    d.locator('[data-identity="carol-at-issuer"]'),
  );

  await row.getByRole("button", { name: "Unlink Google identity carol-at-issuer" }).click();
  await expect(page.getByRole("alertdialog")).toContainText("carol can no longer sign in");
  await page.getByRole("button", { name: "Unlink", exact: true }).click();
  await expect(detail.getByTestId("no-linked-identities")).toContainText("LATCHKEY_OIDC_ISSUERS");
  await expect(detail.getByTestId("linked-identities")).toHaveCount(0);
  await carolInBothThemes("a user without linked identities", (d) => d.getByTestId("no-linked-identities"));

  const { oauthProviders } = await backend().getOauthProviders({ organizationId, userId: carolId });
  expect(oauthProviders).toEqual([]);
  // The unlink was carol's record changing, not carol going: she is still there, without identities.
  const { user } = await backend().getUser({ organizationId, userId: carolId });
  expect(user.oauthProviders).toEqual([]);
});

test("no errors in the browser console", () => {
  expect(consoleErrors).toEqual([]);
});
