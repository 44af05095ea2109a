import { startAuthentication } from "@simplewebauthn/browser";
import { sha256Hex, toBase64Url } from "./encoding";

/**
 * An `X-Stamp-WebAuthn` header over `body`: one passkey prompt whose challenge is the ASCII hex of
 * sha256(body), exactly as @turnkey/webauthn-stamper does, so the server verifies both alike.
 * `allowCredentials` (base64url credential ids) limits the prompt to those passkeys; empty, any
 * passkey of this site may answer.
 */
export async function stampWithPasskey(
  body: string,
  rpId = window.location.hostname,
  allowCredentials: string[] = [],
): Promise<Record<string, string>> {
  const challenge = toBase64Url(new TextEncoder().encode(await sha256Hex(body)));
  const assertion = await startAuthentication({
    optionsJSON: {
      challenge,
      rpId,
      allowCredentials: allowCredentials.map((id) => ({ id, type: "public-key" })),
      userVerification: "preferred",
      timeout: 300_000,
    },
  });
  const stamp = {
    authenticatorData: assertion.response.authenticatorData,
    clientDataJson: assertion.response.clientDataJSON,
    credentialId: assertion.id,
    signature: assertion.response.signature,
  };
  return { "X-Stamp-WebAuthn": JSON.stringify(stamp) };
}
