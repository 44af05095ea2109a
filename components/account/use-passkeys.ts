"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TAuthenticator } from "@/lib/api/credentials";
import { completed, query, submit } from "@/lib/client/api";
import { registerPasskeyOnThisDevice } from "@/lib/client/register-passkey";
import type { StoredSession } from "@/lib/client/session-store";
import { useSession } from "../dashboard/session-context";

export const PASSKEYS = "passkeys";

const fetchPasskeys = async (session: StoredSession) =>
  (
    await query<{ authenticators: TAuthenticator[] }>(session, "get_authenticators", {
      userId: session.userId,
    })
  ).authenticators;

/** The signed-in user's own passkeys. */
export function usePasskeys() {
  const session = useSession();
  return useQuery({ queryKey: [PASSKEYS, session.userId], queryFn: () => fetchPasskeys(session) });
}

/**
 * A change to the user's own passkeys, stamped by one of the passkeys the server knows now: this
 * device may also hold one it does not (just made, or deleted before), which must not answer.
 */
function useOwnPasskeyChange<Input>(
  path: string,
  type: string,
  parameters: (input: Input, session: StoredSession) => Promise<Record<string, unknown>>,
) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const known = (await fetchPasskeys(session)).map((p) => p.credentialId);
      const params = await parameters(input, session);
      return completed(
        await submit(session.organizationId, path, type, params, { passkey: true, allowCredentials: known }),
      );
    },
    onSuccess: () => {
      for (const key of [PASSKEYS, "users", "activities"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** Make a passkey on this device (one prompt) and register it (a second prompt, an existing passkey). */
export const useAddPasskey = () =>
  useOwnPasskeyChange<string>(
    "create_authenticators",
    "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2",
    async (authenticatorName, session) => {
      const { username } = await query<{ username: string }>(session, "whoami");
      const passkey = await registerPasskeyOnThisDevice(username, authenticatorName);
      return { userId: session.userId, authenticators: [passkey] };
    },
  );

export const useDeletePasskey = () =>
  useOwnPasskeyChange<TAuthenticator>(
    "delete_authenticators",
    "ACTIVITY_TYPE_DELETE_AUTHENTICATORS",
    async (passkey, session) => ({ userId: session.userId, authenticatorIds: [passkey.authenticatorId] }),
  );
