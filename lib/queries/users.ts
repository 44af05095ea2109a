"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { type TOauthProvider, ZOauthProvider } from "@/lib/api/oauth";
import { type TUser, ZEmail, ZUserParams } from "@/lib/api/users";
import { query } from "@/lib/client/api";
import { INVITATION_LIFETIME_SECONDS } from "@/lib/client/invitation-link";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

/** Query keys of this resource: every list or detail of users starts with USERS. */
export const USERS = "users";

/** The organization's users. */
export function useUsers() {
  const session = useSession();
  return useQuery({
    queryKey: [USERS],
    queryFn: async () => (await query(session, "list_users")).users,
  });
}

/** Users whose e-mail or phone contains `contact` (everyone when empty), with their verified flags. */
export function useUserContacts(contact: string) {
  const session = useSession();
  return useQuery({
    queryKey: [USERS, "contacts", contact],
    queryFn: async () => (await query(session, "search_users", contact ? { contact } : {})).users,
  });
}

/** The "Create user" form: the server's own user schema, with an optional email left blank. */
export const ZNewUserForm = ZUserParams.pick({ userName: true }).extend({
  userEmail: z.union([ZEmail, z.literal("")]),
});
export type TNewUserForm = z.output<typeof ZNewUserForm>;

/** Create one user with no credentials yet (they get an invitation or an API key afterwards). */
export const useCreateUser = () =>
  useActivityMutation<TNewUserForm>(
    "create_users",
    ({ userName, userEmail }) => ({
      users: [
        {
          userName,
          ...(userEmail ? { userEmail } : {}),
          apiKeys: [],
          authenticators: [],
          oauthProviders: [],
          userTags: [],
        },
      ],
    }),
    [USERS],
  );

export const useDeleteUser = () =>
  useActivityMutation<string>("delete_users", (userId) => ({ userIds: [userId] }), [USERS]);

/** The key pair of an invitation: compressed public key and private key, hex, as @turnkey/crypto makes them. */
export interface InvitationKeyPair {
  publicKey: string;
  privateKey: string;
}

/**
 * Invite a user: register the public half of a fresh key pair as an API key of theirs that lives as
 * long as an invitation does. The private half goes into the link, never to the server.
 */
export const useInviteUser = (userId: string) =>
  useActivityMutation<InvitationKeyPair>(
    "create_api_keys",
    (pair) => ({
      userId,
      apiKeys: [
        {
          apiKeyName: `Invitation (${new Date().toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })})`,
          publicKey: pair.publicKey,
          curveType: "API_KEY_CURVE_P256",
          expirationSeconds: String(INVITATION_LIFETIME_SECONDS),
        },
      ],
    }),
    [USERS],
  );

/** A user's linked OIDC identities, as list_users renders them (the user schema leaves them opaque). */
export const linkedIdentities = (user: TUser): TOauthProvider[] =>
  z.array(ZOauthProvider).parse(user.oauthProviders);

/** Unlink one OIDC identity from a user: that identity no longer signs them in. */
export const useUnlinkIdentity = (userId: string) =>
  useActivityMutation<string>(
    "delete_oauth_providers",
    (providerId) => ({ userId, providerIds: [providerId] }),
    [USERS],
  );
