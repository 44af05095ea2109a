"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZEmail, ZUserParams } from "@/lib/api/users";
import { query } from "@/lib/client/api";
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
