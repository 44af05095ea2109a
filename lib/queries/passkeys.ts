"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { z } from "zod";
import type { TActivityPath } from "@/lib/api/activity-types";
import { type TAuthenticator, ZAuthenticatorParams } from "@/lib/api/credentials";
import { completed, query, submit } from "@/lib/client/api";
import { registerPasskeyOnThisDevice } from "@/lib/client/register-passkey";
import { useSession } from "@/lib/client/session-context";
import type { StoredSession } from "@/lib/client/session-store";
import { ACTIVITIES } from "./activities";
import { USERS } from "./users";

/** Query key of the signed-in user's own passkeys (the users list counts them too). */
export const PASSKEYS = "passkeys";

const fetchPasskeys = async (session: StoredSession) =>
  (await query(session, "get_authenticators", { userId: session.userId })).authenticators;

/** The signed-in user's own passkeys. */
export function usePasskeys() {
  const session = useSession();
  return useQuery({ queryKey: [PASSKEYS, session.userId], queryFn: () => fetchPasskeys(session) });
}

/**
 * The ids of the signed-in user's passkeys whose registration proved possession (the
 * list_authenticator_proofs extension; get_authenticators keeps the reference's fields). Under the
 * PASSKEYS key, so adding or deleting a passkey reads it again.
 */
export function useProvenPasskeys() {
  const session = useSession();
  return useQuery({
    queryKey: [PASSKEYS, session.userId, "proofs"],
    queryFn: async () => {
      const { authenticators } = await query(session, "list_authenticator_proofs", {
        userId: session.userId,
      });
      return new Set(authenticators.filter((a) => a.possessionProven).map((a) => a.authenticatorId));
    },
  });
}

/** The "Add a passkey" form: the name create_authenticators accepts for it. */
export const ZNewPasskeyForm = ZAuthenticatorParams.pick({ authenticatorName: true });
export type TNewPasskeyForm = z.output<typeof ZNewPasskeyForm>;

/**
 * A change to the user's own passkeys, stamped by one of the passkeys the server knows now: this
 * device may also hold one it does not (just made, or deleted before), which must not answer.
 */
function useOwnPasskeyChange<Input>(
  path: TActivityPath,
  parameters: (input: Input, session: StoredSession) => Promise<Record<string, unknown>>,
) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) => {
      const known = (await fetchPasskeys(session)).map((p) => p.credentialId);
      const params = await parameters(input, session);
      return completed(
        await submit(session.organizationId, path, params, { passkey: true, allowCredentials: known }),
      );
    },
    onSuccess: () => {
      for (const key of [PASSKEYS, USERS, ACTIVITIES]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

/** Make a passkey on this device (one prompt) and register it (a second prompt, an existing passkey). */
export const useAddPasskey = () =>
  useOwnPasskeyChange<TNewPasskeyForm>("create_authenticators", async ({ authenticatorName }, session) => {
    const { username } = await query(session, "whoami");
    const { challenge } = await query(session, "get_registration_challenge", { userId: session.userId });
    const passkey = await registerPasskeyOnThisDevice(username, authenticatorName, challenge);
    return { userId: session.userId, authenticators: [passkey] };
  });

export const useDeletePasskey = () =>
  useOwnPasskeyChange<TAuthenticator>("delete_authenticators", async (passkey, session) => ({
    userId: session.userId,
    authenticatorIds: [passkey.authenticatorId],
  }));
