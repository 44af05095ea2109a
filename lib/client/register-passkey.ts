import { startAuthentication, startRegistration } from "@simplewebauthn/browser";
import type { TAuthenticatorParams } from "../api/credentials";
import { toBase64Url } from "../stampers/encoding";

/** WebAuthn's transport names, as the API spells them. */
const TRANSPORTS: Record<string, TAuthenticatorParams["attestation"]["transports"][number]> = {
  ble: "AUTHENTICATOR_TRANSPORT_BLE",
  internal: "AUTHENTICATOR_TRANSPORT_INTERNAL",
  nfc: "AUTHENTICATOR_TRANSPORT_NFC",
  usb: "AUTHENTICATOR_TRANSPORT_USB",
  hybrid: "AUTHENTICATOR_TRANSPORT_HYBRID",
};

export interface RegistrationRequest {
  /** base64url, issued by the server: the new passkey signs it to prove it holds its key. */
  challenge: string;
  rp: { id: string; name: string };
  /** The WebAuthn user handle, base64url. */
  userHandle: string;
  userName: string;
  authenticatorName: string;
}

/**
 * Make a passkey on this device and return it in the shape of create_authenticators'
 * `authenticators[]`: discoverable, so sign-in can ask for any passkey of this site. Two prompts:
 * create() makes it, then get() has it sign the same server challenge (`possessionProof`) — a
 * "none" attestation carries no signature, so only this proves the registration is its holder's.
 */
export async function registerPasskey(request: RegistrationRequest): Promise<TAuthenticatorParams> {
  const registration = await startRegistration({
    optionsJSON: {
      challenge: request.challenge,
      rp: request.rp,
      user: { id: request.userHandle, name: request.userName, displayName: request.userName },
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      attestation: "none",
      timeout: 300_000,
    },
  });
  const assertion = await startAuthentication({
    optionsJSON: {
      challenge: request.challenge,
      rpId: request.rp.id,
      allowCredentials: [
        { id: registration.id, type: "public-key", transports: registration.response.transports },
      ],
      userVerification: "preferred",
      timeout: 300_000,
    },
  });
  return {
    authenticatorName: request.authenticatorName,
    challenge: request.challenge,
    attestation: {
      credentialId: registration.id,
      clientDataJson: registration.response.clientDataJSON,
      attestationObject: registration.response.attestationObject,
      transports: (registration.response.transports ?? []).flatMap((t) => TRANSPORTS[t] ?? []),
    },
    possessionProof: {
      authenticatorData: assertion.response.authenticatorData,
      clientDataJson: assertion.response.clientDataJSON,
      signature: assertion.response.signature,
    },
  };
}

const randomBase64Url = (bytes: number) => toBase64Url(crypto.getRandomValues(new Uint8Array(bytes)));

/**
 * A passkey for create_authenticators through the public API, over `challenge` from
 * get_registration_challenge. The user handle is fresh each time, so a second passkey on the
 * same device never overwrites the first.
 */
export function registerPasskeyOnThisDevice(userName: string, authenticatorName: string, challenge: string) {
  return registerPasskey({
    challenge,
    // The same RP id the passkey stamper asks for, so the new passkey can stamp from this origin.
    rp: { id: window.location.hostname, name: "Latchkey" },
    userHandle: randomBase64Url(16),
    userName,
    authenticatorName,
  });
}

/** True when the person closed or let time out the browser's passkey prompt: they may simply try again. */
export const isPromptCancelled = (error: unknown) =>
  error instanceof Error && error.name === "NotAllowedError";
