"use client";

import { useQuery } from "@tanstack/react-query";
import type { TPolicy } from "@/lib/api/policies";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/** The query key every policy change refreshes. */
export const POLICY_LIST = "policies";

/**
 * Every policy of the organization, oldest first. The detail page and the activity evaluations
 * look policies up in this list rather than with get_policy: a policy deleted a moment ago is then
 * simply absent, not a failed read.
 */
export function usePolicies() {
  const session = useSession();
  return useQuery({
    queryKey: [POLICY_LIST],
    queryFn: async () => (await queryUnchecked<{ policies: TPolicy[] }>(session, "list_policies")).policies,
  });
}
