import { ApiRequestError } from "./api";

// What the server answers when the session key no longer signs for anyone: it expired, was
// signed out elsewhere, or its user was deleted.
const ENDED = new Set(["SESSION_EXPIRED", "PUBLIC_KEY_NOT_FOUND", "USER_NOT_FOUND"]);

export function sessionEnded(error: unknown): boolean {
  return error instanceof ApiRequestError && error.status === 401 && ENDED.has(error.reason ?? "");
}

/** Where the dashboard sends someone whose session ended, so the sign-in page can say why. */
export const SIGN_IN_AGAIN = "/login?ended=1";
