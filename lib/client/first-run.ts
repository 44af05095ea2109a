import { z } from "zod";
import { type FirstRunOptions, type FirstRunResult, ZFirstRunRequest } from "../api/setup";
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

/** The first-run form: what /api/setup checks of the organization and its first user; the email may stay blank. */
export const ZFirstRunForm = ZFirstRunRequest.pick({ organizationName: true, userName: true }).extend({
  userEmail: z.union([z.literal(""), ZFirstRunRequest.shape.userEmail.unwrap()]),
});
export type TFirstRunForm = z.output<typeof ZFirstRunForm>;

/** Register a passkey for the first user and create the installation's first organization with it. */
export async function createFirstOrganization({
  userEmail,
  ...input
}: TFirstRunForm): Promise<FirstRunResult> {
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
    ...(userEmail ? { userEmail } : {}),
    challengeToken: options.challengeToken,
    passkey,
  });
}
