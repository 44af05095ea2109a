import { startRegistration } from "@simplewebauthn/browser";
import type { FirstRunOptions, FirstRunResult } from "../api/setup";
import { ApiRequestError } from "./api";

const TRANSPORTS: Record<string, string> = {
  ble: "AUTHENTICATOR_TRANSPORT_BLE",
  internal: "AUTHENTICATOR_TRANSPORT_INTERNAL",
  nfc: "AUTHENTICATOR_TRANSPORT_NFC",
  usb: "AUTHENTICATOR_TRANSPORT_USB",
  hybrid: "AUTHENTICATOR_TRANSPORT_HYBRID",
};

async function postJson<T>(url: string, body: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new ApiRequestError(response.status, json.message ?? `HTTP ${response.status}`);
  return json as T;
}

/** Register a passkey for the first user and create the installation's first organization with it. */
export async function createFirstOrganization(input: {
  organizationName: string;
  userName: string;
  userEmail?: string;
}): Promise<FirstRunResult> {
  const options = await postJson<FirstRunOptions>("/api/setup/options", {});
  const registration = await startRegistration({
    optionsJSON: {
      challenge: options.challenge,
      rp: options.rp,
      user: { id: options.userId, name: input.userName, displayName: input.userName },
      pubKeyCredParams: [{ type: "public-key", alg: -7 }],
      authenticatorSelection: { residentKey: "required", userVerification: "preferred" },
      attestation: "none",
      timeout: 300_000,
    },
  });
  return postJson<FirstRunResult>("/api/setup", {
    ...input,
    challengeToken: options.challengeToken,
    passkey: {
      authenticatorName: `${input.userName}'s passkey`,
      attestation: {
        credentialId: registration.id,
        clientDataJson: registration.response.clientDataJSON,
        attestationObject: registration.response.attestationObject,
        transports: (registration.response.transports ?? []).flatMap((t) => TRANSPORTS[t] ?? []),
      },
    },
  });
}
