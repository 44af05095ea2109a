"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { completed, query, submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

const NOTIFICATIONS = "notifications";
/** Messages arrive from others' requests: read again as often as the "Waiting for you" count. */
const POLL_MS = 10_000;

/** The signed-in user's newest notifications, unread count and setting. */
export function useNotifications() {
  const session = useSession();
  return useQuery({
    queryKey: [NOTIFICATIONS],
    queryFn: () => query(session, "list_notifications"),
    refetchInterval: POLL_MS,
  });
}

/**
 * Mark every notification read. Housekeeping of one's own inbox, like sign-out: stamped with the
 * session key, so reading the list never asks for the passkey.
 */
export function useMarkAllRead() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () =>
      completed(await submit(session.organizationId, "update_notifications", { readAll: true }, { session })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS] }),
  });
}

/**
 * Turn vote notifications, or only their e-mails, on or off: a change of setting, signed by the
 * passkey like every form.
 */
export function useVoteNotificationsSetting() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: { voteNeeded?: boolean; voteNeededEmail?: boolean }) =>
      completed(await submit(session.organizationId, "update_notifications", change, { passkey: true })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [NOTIFICATIONS] }),
  });
}
