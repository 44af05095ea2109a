"use client";

import { useQuery } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

const SUPPORTED_ASSETS = "supported-assets";

/**
 * What can be sent on a chain (list_supported_assets): its native coin, and on a local devnet the
 * seeded tokens. It does not change while the server runs.
 */
export function useSupportedAssets(caip2: string) {
  const session = useSession();
  return useQuery({
    queryKey: [SUPPORTED_ASSETS, caip2],
    queryFn: async () => (await query(session, "list_supported_assets", { caip2 })).assets,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
