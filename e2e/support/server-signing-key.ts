import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import type { RunningServer } from "./server";

/** The server's signing key as a client pins it: get_server_signing_key, stamped by the root key. */
export async function fetchServerSigningKey(server: RunningServer): Promise<string> {
  const body = JSON.stringify({ organizationId: server.root.organizationId });
  const stamp = await new ApiKeyStamper({
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
  }).stamp(body);
  const res = await fetch(`${server.baseUrl}/public/v1/query/get_server_signing_key`, {
    method: "POST",
    headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue },
    body,
  });
  if (res.status !== 200) throw new Error(`get_server_signing_key: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { publicKey: string }).publicKey;
}
