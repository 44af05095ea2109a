"use client";

import { useQuery } from "@tanstack/react-query";
import type { TPrivateKey } from "@/lib/api/private-keys";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

export const PRIVATE_KEYS = "private-keys";

export function usePrivateKeys() {
  const session = useSession();
  return useQuery({
    queryKey: [PRIVATE_KEYS],
    queryFn: async () =>
      (await queryUnchecked<{ privateKeys: TPrivateKey[] }>(session, "list_private_keys")).privateKeys,
  });
}
