"use client";

import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TActivityPath } from "@/lib/api/activity-types";
import { completed, submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/**
 * Submit an activity from a form, stamped by the passkey, then refresh what it may have changed.
 * An activity that waits for consensus is not an error: the caller sees its status.
 */
export function useActivityMutation<Input>(
  path: TActivityPath,
  parameters: (input: Input) => Record<string, unknown>,
  invalidates: string[],
) {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: Input) =>
      completed(await submit(session.organizationId, path, parameters(input), { passkey: true })),
    onSuccess: () => {
      for (const key of [...invalidates, "activities"]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}
