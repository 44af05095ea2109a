import { type Browser, expect, type Page, test } from "@playwright/test";
import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { encryptOtpCodeToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { type EmptyServer, startEmptyServer } from "../support/server";
import { addApiKeyInBrowser, apiClient, createOrganization, nav, watchConsole } from "./dashboard";
import { screenshot } from "./screenshots";
import { addVirtualAuthenticator } from "./virtual-authenticator";

/**
 * Sign-in with an e-mail code, the alternative to a passkey. The operator's browser proves their
 * address once (through a backend's init_otp / verify_otp / update_user_email) and sees it marked
 * verified; a second browser with no passkey then signs in as that user with a code the embedded
 * SMTP sink received, read off the operator's Outbox page.
 */
let server: EmptyServer;
let page: Page;
const consoleErrors: string[] = [];
const EMAIL = "ops@example.com";

test.beforeAll(async ({ browser }) => {
  server = await startEmptyServer();
  page = await browser.newPage({ baseURL: server.baseUrl });
  watchConsole(page, consoleErrors);
  await addVirtualAuthenticator(page);
});
test.afterAll(async () => {
  await page?.close();
  await server?.stop();
});

/** The newest mail to `to` under `subject`, as the Outbox shows what the local sink received. */
async function mailFromOutbox(subject: string, to = EMAIL): Promise<string> {
  // Load the page afresh: the list stops polling once nothing is queued, and a newer mail may be out.
  await page.goto("/outbox");
  const row = page.locator(`[data-message="${to}"]`).filter({ hasText: subject }).first();
  await expect(row.getByText("Sent", { exact: true })).toBeVisible();
  await row.getByText("Message received by the local SMTP sink").click();
  return (await row.locator("pre").textContent()) ?? "";
}

async function codeFromOutbox(subject: string, to = EMAIL): Promise<string> {
  return /^ {4}([0-9A-Z]{6,9})$/m.exec(await mailFromOutbox(subject, to))![1]!;
}

async function serverSigningKey(organizationId: string, key: { publicKey: string; privateKey: string }) {
  const body = JSON.stringify({ organizationId });
  const stamp = await new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey }).stamp(
    body,
  );
  const res = await fetch(`${server.baseUrl}/public/v1/query/get_server_signing_key`, {
    method: "POST",
    headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue },
    body,
  });
  return ((await res.json()) as { publicKey: string }).publicKey;
}

async function freshBrowserPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseUrl });
  const other = await context.newPage();
  watchConsole(other, consoleErrors);
  return other;
}

test("a user with a verified e-mail signs in with the code from the mail; the Users page shows the badge", async ({
  browser,
}) => {
  const organizationId = await createOrganization(page, {
    organizationName: "Codes",
    userName: "ops",
    userEmail: EMAIL,
  });
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "backend", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId, backendKey);
  const { userId } = await backend.getWhoami({ organizationId });

  await nav(page, "Users");
  await expect(page.locator('[data-user="ops"]')).toContainText(`${EMAIL}unverified`);

  // Prove the address once, as a backend would.
  const started = await backend.initOtp({
    otpType: "OTP_TYPE_EMAIL",
    contact: EMAIL,
    appName: "Codes",
    otpLength: 6,
  });
  const tokenKey = generateP256KeyPair();
  const encryptedOtpBundle = await encryptOtpCodeToBundle(
    await codeFromOutbox("Codes: your verification code"),
    started.otpEncryptionTargetBundle,
    tokenKey.publicKey,
    await serverSigningKey(organizationId, backendKey),
  );
  const { verificationToken } = await backend.verifyOtp({ otpId: started.otpId, encryptedOtpBundle });
  await backend.updateUserEmail({ userId, userEmail: EMAIL, verificationToken });

  await nav(page, "Users");
  const row = page.locator('[data-user="ops"]');
  await expect(row).toContainText(`${EMAIL}verified`);
  await page.getByLabel("Search by e-mail or phone").fill("OPS@");
  await expect(row).toBeVisible();
  await page.getByLabel("Search by e-mail or phone").fill("nobody@");
  await expect(page.getByText("No user has an e-mail address or phone number containing")).toBeVisible();
  await expect(row).toHaveCount(0);

  // A browser with no passkey and no session: the e-mail code is the way in.
  const other = await freshBrowserPage(browser);
  await other.goto("/login");
  await other.getByLabel("Organization id").fill(organizationId);
  await other.getByLabel("Email").fill("Ops@Example.com");
  await other.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(other.getByText("a code is on its way")).toBeVisible();
  await screenshot(other, "email-sign-in-code");
  const code = await codeFromOutbox("Latchkey: your verification code");

  await other.getByLabel("Code from the e-mail").fill("ZZZZZZZZ");
  await other.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(other.getByText("the code is wrong; 4 attempts left")).toBeVisible();
  await other.getByLabel("Code from the e-mail").fill(code.toLowerCase());
  await other.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(other).toHaveURL(/\/overview$/);
  await expect(other.getByTestId("signed-in-user")).toHaveText("ops");
  await other.close();
  expect(consoleErrors.filter((e) => !e.includes("400"))).toEqual([]);
});

test("an invitee opens the e-mailed link, gets a code and is signed in as the new user", async ({
  browser,
}) => {
  const organizationId = await page.evaluate(() => localStorage.getItem("latchkey.organizationId"));
  const backendKey = generateP256KeyPair();
  await addApiKeyInBrowser(page, "inviter", backendKey.publicKey);
  const backend = apiClient(server.baseUrl, organizationId!, backendKey);
  const { userId } = await backend.getWhoami({ organizationId: organizationId! });
  await backend.createInvitations({
    invitations: [
      {
        receiverUserName: "bea",
        receiverUserEmail: "bea@example.com",
        receiverUserTags: [],
        accessType: "ACCESS_TYPE_WEB",
        senderUserId: userId,
      },
    ],
  });
  const invitation = await mailFromOutbox("ops invited you to Codes", "bea@example.com");
  const link = /(http:\/\/\S+\/login\?\S+)/.exec(invitation)![1]!;

  const invitee = await freshBrowserPage(browser);
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect(invitee.getByLabel("Organization id")).toHaveValue(organizationId!);
  await expect(invitee.getByLabel("Email")).toHaveValue("bea@example.com");
  await invitee.getByRole("button", { name: "Email me a sign-in code" }).click();
  await expect(invitee.getByText("a code is on its way")).toBeVisible();
  const code = await codeFromOutbox("Latchkey: your verification code", "bea@example.com");
  await invitee.getByLabel("Code from the e-mail").fill(code);
  await invitee.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(invitee).toHaveURL(/\/overview$/);
  await expect(invitee.getByTestId("signed-in-user")).toHaveText("bea");
  await invitee.close();

  await nav(page, "Users");
  await expect(page.locator('[data-user="bea"]')).toContainText("bea@example.comverified");
  expect(consoleErrors.filter((e) => !e.includes("400"))).toEqual([]);
});
