import type { FirstRunOptions, FirstRunResult } from "../api/setup";
import { ApiRequestError } from "./api";
import { registerPasskey } from "./register-passkey";

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
  // The server issued this challenge and checks it through challengeToken, not a `challenge` field.
  const { challenge: _issued, ...passkey } = await registerPasskey({
    challenge: options.challenge,
    rp: options.rp,
    userHandle: options.userId,
    userName: input.userName,
    authenticatorName: `${input.userName}'s passkey`,
  });
  return postJson<FirstRunResult>("/api/setup", {
    ...input,
    challengeToken: options.challengeToken,
    passkey,
  });
}
