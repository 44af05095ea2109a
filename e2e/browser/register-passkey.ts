import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";

export interface PasskeyRegistration {
  authenticatorName: string;
  challenge: string;
  attestation: {
    credentialId: string;
    clientDataJson: string;
    attestationObject: string;
    transports: "AUTHENTICATOR_TRANSPORT_INTERNAL"[];
  };
}

/**
 * Make a passkey in this page's browser, as a registration ceremony does: WebAuthn create() on
 * the dashboard's origin, answered by the page's virtual authenticator, which keeps the private
 * key. Returns create_authenticators' parameters; the server verifies the attestation (challenge,
 * origin, RP id) itself. The page must already be on the dashboard's origin.
 */
export async function makePasskey(page: Page, userName: string): Promise<PasskeyRegistration> {
  const challenge = randomBytes(32).toString("base64url");
  const attestation = await page.evaluate(
    async ({ challenge, userName }) => {
      const fromBase64Url = (text: string) =>
        Uint8Array.from(atob(text.replace(/-/g, "+").replace(/_/g, "/")), (c) => c.charCodeAt(0));
      const toBase64Url = (buffer: ArrayBuffer) =>
        btoa(String.fromCharCode(...new Uint8Array(buffer)))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
      const credential = (await navigator.credentials.create({
        publicKey: {
          challenge: fromBase64Url(challenge),
          rp: { id: window.location.hostname, name: "Latchkey" },
          user: { id: crypto.getRandomValues(new Uint8Array(16)), name: userName, displayName: userName },
          pubKeyCredParams: [{ type: "public-key", alg: -7 }],
          // Discoverable: the dashboard's sign-in asks for any passkey of this site.
          authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
          attestation: "none",
        },
      })) as PublicKeyCredential;
      const response = credential.response as AuthenticatorAttestationResponse;
      return {
        credentialId: credential.id,
        clientDataJson: toBase64Url(response.clientDataJSON),
        attestationObject: toBase64Url(response.attestationObject),
      };
    },
    { challenge, userName },
  );
  return {
    authenticatorName: `${userName}'s laptop`,
    challenge,
    attestation: { ...attestation, transports: ["AUTHENTICATOR_TRANSPORT_INTERNAL"] },
  };
}
