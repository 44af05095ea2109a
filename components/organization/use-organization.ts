"use client";

import { useQuery } from "@tanstack/react-query";
import type { TOrganizationData } from "@/lib/api/organizations";
import { queryUnchecked } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/** The signed-in organization as get_organization describes it: name, users, root quorum. */
export function useOrganization() {
  const session = useSession();
  return useQuery({
    queryKey: ["organization"],
    queryFn: async () =>
      (await queryUnchecked<{ organizationData: TOrganizationData }>(session, "get_organization"))
        .organizationData,
  });
}
