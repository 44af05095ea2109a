interface SignalApi {
  signalUnknownCredential?(options: { rpId: string; credentialId: string }): Promise<void>;
}

/**
 * After the server deleted a passkey, tell this device's passkey manager (WebAuthn's Signal API,
 * where the browser has it) so that it stops offering a passkey that can no longer sign. Where the
 * browser lacks it, or the passkey lives on another device, nothing happens.
 */
export function forgetPasskeyOnThisDevice(credentialId: string): void {
  const api = globalThis.PublicKeyCredential as unknown as SignalApi | undefined;
  api?.signalUnknownCredential?.({ rpId: window.location.hostname, credentialId }).catch(() => undefined);
}
