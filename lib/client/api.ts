import type { z } from "zod";
import { type TActivity, ZActivityResponse } from "../api/activity";
import { ACTIVITY_TYPES, type TActivityPath } from "../api/activity-types";
import { QUERY_RESPONSES, type TQueryPath, type TQueryResponse } from "../api/query-responses";
import { stampWithPasskey } from "../stampers/passkey";
import { stampWithSessionKey } from "../stampers/session-key";
import { trackedRead } from "./session-reads";
import type { StoredSession } from "./session-store";

/** An error answer of the API, with the message the server wrote for people. */
export class ApiRequestError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly reason?: string,
  ) {
    super(message);
  }
}

async function post<T>(path: string, body: string, headers: Record<string, string>): Promise<T> {
  const response = await fetch(`/public/v1/${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  const json = await response.json().catch(() => ({ message: `HTTP ${response.status}` }));
  if (!response.ok) {
    throw new ApiRequestError(
      response.status,
      json.message ?? `HTTP ${response.status}`,
      json.details?.[0]?.turnkeyErrorCode,
    );
  }
  return json as T;
}

/** The server answered something its own schema does not describe: a bug to report, not to guess past. */
export class UnexpectedResponseError extends Error {}

function parsed<S extends z.ZodType>(schema: S, path: string, json: unknown): z.output<S> {
  const result = schema.safeParse(json);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const at = issue?.path.length ? ` at ${issue.path.join(".")}` : "";
  throw new UnexpectedResponseError(`unexpected answer from ${path}${at}: ${issue?.message ?? "invalid"}`);
}

/**
 * A read, stamped with the session key (no prompt). Its answer is parsed with the schema the
 * server's query declares (lib/api/query-responses), so pages work with what was promised, not a cast.
 */
export async function query<P extends TQueryPath>(
  session: StoredSession,
  path: P,
  request: Record<string, unknown> = {},
): Promise<TQueryResponse<P>> {
  const body = JSON.stringify({ organizationId: session.organizationId, ...request });
  const answer = await trackedRead(session.key.publicKey, async () =>
    post<unknown>(`query/${path}`, body, await stampWithSessionKey(session.key, body)),
  );
  return parsed(QUERY_RESPONSES[path], path, answer) as TQueryResponse<P>;
}

export type Signer = "passkey" | "session";

/**
 * Submit an activity (its type is the one the server's registry declares for `path`). Decisions and changes are stamped by the passkey (one prompt each); only
 * housekeeping of the session itself (sign-out) uses the session key. `allowCredentials` names the
 * passkeys that may sign (credential ids): needed when this device also holds one the server does
 * not know yet, such as a passkey just made for create_authenticators.
 */
export async function submit(
  organizationId: string,
  path: TActivityPath,
  parameters: Record<string, unknown>,
  signer: { passkey: true; allowCredentials?: string[] } | { session: StoredSession },
): Promise<TActivity> {
  const type = ACTIVITY_TYPES[path];
  const body = JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters });
  const headers =
    "passkey" in signer
      ? await stampWithPasskey(body, window.location.hostname, signer.allowCredentials)
      : await stampWithSessionKey(signer.session.key, body);
  return parsed(ZActivityResponse, path, await post<unknown>(`submit/${path}`, body, headers)).activity;
}

/** Throw the activity's own failure message when it did not complete. */
export function completed(activity: TActivity): TActivity {
  if (activity.status === "ACTIVITY_STATUS_FAILED") {
    throw new ApiRequestError(400, activity.failure?.message ?? "the activity failed");
  }
  return activity;
}
