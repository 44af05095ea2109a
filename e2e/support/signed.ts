import { ApiKeyStamper } from "@turnkey/api-key-stamper";

/** An activity or query exactly as a client sent it: its path, its bytes and the stamp over them. */
export interface SignedRequest {
  path: string;
  body: string;
  headers: Record<string, string>;
}

export interface Answer<T = Record<string, unknown>> {
  status: number;
  body: T;
}

export interface ApiKey {
  publicKey: string;
  privateKey: string;
}

/** Stamp `body` with an API key, as @turnkey/http does: the same bytes can be sent again later. */
export async function sign(key: ApiKey, path: string, body: object): Promise<SignedRequest> {
  const text = JSON.stringify(body);
  const stamper = new ApiKeyStamper({ apiPublicKey: key.publicKey, apiPrivateKey: key.privateKey });
  const stamp = await stamper.stamp(text);
  return {
    path,
    body: text,
    headers: { "content-type": "application/json", [stamp.stampHeaderName]: stamp.stampHeaderValue },
  };
}

/** A signed activity body: `path` is the submit path, `type` its activity type. */
export function signActivity(
  key: ApiKey,
  path: string,
  type: string,
  organizationId: string,
  parameters: object,
): Promise<SignedRequest> {
  const body = { type, timestampMs: String(Date.now()), organizationId, parameters };
  return sign(key, `/public/v1/submit/${path}`, body);
}

/** Send a signed request; a network failure (the server died, refused the connection) throws. */
export async function send<T = Record<string, unknown>>(
  baseUrl: string,
  request: SignedRequest,
): Promise<Answer<T>> {
  const res = await fetch(`${baseUrl}${request.path}`, {
    method: "POST",
    headers: request.headers,
    body: request.body,
  });
  return { status: res.status, body: (await res.json()) as T };
}

/** A stamped query, answered 200 or the test fails with the server's message. */
export async function query<T>(baseUrl: string, key: ApiKey, path: string, body: object): Promise<T> {
  const answer = await send<T>(baseUrl, await sign(key, `/public/v1/query/${path}`, body));
  if (answer.status !== 200) throw new Error(`${path}: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}
