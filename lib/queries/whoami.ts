"use client";

import { useQuery } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/** Query key of who is signed in where; a rename of the organization or the user refreshes it. */
export const WHOAMI = "whoami";

/** The signed-in user's name and organization's name, as the shell shows them. */
export function useWhoami() {
  const session = useSession();
  return useQuery({ queryKey: [WHOAMI], queryFn: () => query(session, "whoami") });
}
