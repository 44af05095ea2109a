import type { Page } from "@playwright/test";

/**
 * A platform passkey for this page through the DevTools WebAuthn domain: it answers create() and
 * get() at once, as a user touching their fingerprint reader would.
 */
export async function addVirtualAuthenticator(page: Page): Promise<string> {
  const cdp = await attach(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return authenticatorId;
}

/**
 * A DevTools session for the page. On a loaded machine Chromium can answer "No target with given
 * id found" for a page it has only just created; that is the browser not ready, not our code, so
 * try again a few times before giving up.
 */
async function attach(page: Page) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await page.context().newCDPSession(page);
    } catch (error) {
      if (attempt >= 3 || !String(error).includes("No target with given id")) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}
