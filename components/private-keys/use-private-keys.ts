"use client";

import { useQuery } from "@tanstack/react-query";
import type { TPrivateKey } from "@/lib/api/private-keys";
import { query } from "@/lib/client/api";
import { useSession } from "../dashboard/session-context";

export const PRIVATE_KEYS = "private-keys";

export function usePrivateKeys() {
  const session = useSession();
  return useQuery({
    queryKey: [PRIVATE_KEYS],
    queryFn: async () =>
      (await query<{ privateKeys: TPrivateKey[] }>(session, "list_private_keys")).privateKeys,
  });
}
