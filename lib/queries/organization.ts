"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import { ZUpdateOrganizationNameParams, ZUpdateRootQuorumParams } from "@/lib/api/organizations";
import { query } from "@/lib/client/api";
import { quorumIssues } from "@/lib/client/root-quorum";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";
import { WHOAMI } from "./whoami";

/** Query key of the signed-in organization: name, users, root quorum. */
export const ORGANIZATION = "organization";

/** The signed-in organization as get_organization describes it. */
export function useOrganization() {
  const session = useSession();
  return useQuery({
    queryKey: [ORGANIZATION],
    queryFn: async () => (await query(session, "get_organization")).organizationData,
  });
}

/** The rename form: exactly what update_organization_name accepts. */
export const ZOrganizationNameForm = ZUpdateOrganizationNameParams;
export type TOrganizationNameForm = z.output<typeof ZOrganizationNameForm>;

export const useRenameOrganization = () =>
  useActivityMutation<TOrganizationNameForm>(
    "update_organization_name",
    ({ organizationName }) => ({ organizationName }),
    [ORGANIZATION, WHOAMI],
  );

/**
 * The root quorum form: the threshold as typed, checked against the members chosen with it by the
 * rules of lib/client/root-quorum (in words for the person editing), then by the server's schema.
 */
export const ZRootQuorumForm = z
  .object({ userIds: z.array(z.string()), threshold: z.string() })
  .transform(({ userIds, threshold }) => ({ userIds, threshold: Number(threshold) }))
  .superRefine((draft, ctx) => {
    for (const { field, message } of quorumIssues(draft))
      ctx.addIssue({ code: "custom", path: [field], message });
  })
  .pipe(ZUpdateRootQuorumParams);
export type TRootQuorumForm = z.output<typeof ZRootQuorumForm>;

export const useUpdateRootQuorum = () =>
  useActivityMutation<TRootQuorumForm>(
    "update_root_quorum",
    ({ userIds, threshold }) => ({ userIds, threshold }),
    [ORGANIZATION],
  );
