"use client";

import { useQuery } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/**
 * The key this server signs export bundles with, fetched over a session-stamped query: an export
 * is opened only if its bundle carries this signature. It changes only with the master key.
 */
export function useServerSigningKey() {
  const session = useSession();
  return useQuery({
    queryKey: ["server-signing-key"],
    queryFn: async () => (await query(session, "get_server_signing_key")).publicKey,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
