"use client";

import { useQuery } from "@tanstack/react-query";
import type { TUser } from "@/lib/api/users";
import { query } from "@/lib/client/api";
import { useSession } from "../dashboard/session-context";

export function useUsers() {
  const session = useSession();
  return useQuery({
    queryKey: ["users"],
    queryFn: async () => (await query<{ users: TUser[] }>(session, "list_users")).users,
  });
}
