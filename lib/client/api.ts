import type { TActivity } from "../api/activity";
import { stampWithPasskey } from "../stampers/passkey";
import { stampWithSessionKey } from "../stampers/session-key";
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

/** A read, stamped with the session key: no prompt. */
export async function query<T>(
  session: StoredSession,
  path: string,
  request: Record<string, unknown> = {},
): Promise<T> {
  const body = JSON.stringify({ organizationId: session.organizationId, ...request });
  return post<T>(`query/${path}`, body, await stampWithSessionKey(session.key, body));
}

export type Signer = "passkey" | "session";

/**
 * Submit an activity. Decisions and changes are stamped by the passkey (one prompt each); only
 * housekeeping of the session itself (sign-out) uses the session key. `allowCredentials` names the
 * passkeys that may sign (credential ids): needed when this device also holds one the server does
 * not know yet, such as a passkey just made for create_authenticators.
 */
export async function submit(
  organizationId: string,
  path: string,
  type: string,
  parameters: Record<string, unknown>,
  signer: { passkey: true; allowCredentials?: string[] } | { session: StoredSession },
): Promise<TActivity> {
  const body = JSON.stringify({ type, timestampMs: String(Date.now()), organizationId, parameters });
  const headers =
    "passkey" in signer
      ? await stampWithPasskey(body, window.location.hostname, signer.allowCredentials)
      : await stampWithSessionKey(signer.session.key, body);
  const { activity } = await post<{ activity: TActivity }>(`submit/${path}`, body, headers);
  return activity;
}

/** Throw the activity's own failure message when it did not complete. */
export function completed(activity: TActivity): TActivity {
  if (activity.status === "ACTIVITY_STATUS_FAILED") {
    throw new ApiRequestError(400, activity.failure?.message ?? "the activity failed");
  }
  return activity;
}
