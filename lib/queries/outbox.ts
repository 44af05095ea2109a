"use client";

import { useQuery } from "@tanstack/react-query";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";

export const OUTBOX = "outbox";
/** Delivery happens in the background: the page looks again while anything is still queued. */
const POLL_MS = 2000;

export function useOutbox() {
  const session = useSession();
  return useQuery({
    queryKey: [OUTBOX],
    queryFn: async () => (await query(session, "list_outbox_messages")).messages,
    refetchInterval: (q) => (q.state.data?.some((m) => m.status === "QUEUED") ? POLL_MS : false),
  });
}

/** Support's resend of a one-time code's message (resend_outbox_message), stamped by the passkey. */
export const useResendOutboxMessage = () =>
  useActivityMutation("resend_outbox_message", (messageId: string) => ({ messageId }), [OUTBOX]);
