import type { CDPSession, Page } from "@playwright/test";

/** A virtual platform authenticator (as virtual-authenticator.ts makes) whose passkeys can be read. */
export interface PasskeyDevice {
  cdp: CDPSession;
  authenticatorId: string;
}

export async function addPasskeyDevice(page: Page): Promise<PasskeyDevice> {
  const cdp = await page.context().newCDPSession(page);
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
  return { cdp, authenticatorId };
}

/**
 * Give `to` the passkeys `from` holds, as synced passkeys reach a person's second device. Each copy
 * starts at the original's signature counter, so only the receiving device should sign afterwards:
 * the server refuses a counter that goes backwards.
 */
export async function copyPasskeys(from: PasskeyDevice, to: PasskeyDevice): Promise<number> {
  const { credentials } = await from.cdp.send("WebAuthn.getCredentials", {
    authenticatorId: from.authenticatorId,
  });
  for (const credential of credentials) {
    await to.cdp.send("WebAuthn.addCredential", { authenticatorId: to.authenticatorId, credential });
  }
  return credentials.length;
}
