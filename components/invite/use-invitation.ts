"use client";

import { useRouter } from "next/navigation";
import { useCallback, useEffect, useState } from "react";
import { DASHBOARD_HOME } from "@/lib/client/dashboard-home";
import {
  acceptInvitation,
  InvitationError,
  MALFORMED_INVITATION,
  type OpenInvitation,
  openInvitation,
} from "@/lib/client/invitation";
import { parseInvitation } from "@/lib/client/invitation-link";
import { isPromptCancelled } from "@/lib/client/register-passkey";

export type InvitationState =
  | { step: "reading" }
  /** Nothing more to do with this link (malformed, spent, or done as far as it can go). */
  | { step: "closed"; message: string }
  | { step: "ready"; open: OpenInvitation; busy: boolean; error?: string };

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * The invitation in this page's fragment: read with its own key, then taken up on request. An
 * error of the link itself closes it; a cancelled prompt or a passing failure leaves it to retry.
 */
export function useInvitation() {
  const router = useRouter();
  const [state, setState] = useState<InvitationState>({ step: "reading" });
  useEffect(() => {
    // Each reading has a number: only the latest one may set the state.
    let latest = 0;
    const read = () => {
      const reading = ++latest;
      const invitation = parseInvitation(window.location.hash);
      if (!invitation) {
        setState({ step: "closed", message: MALFORMED_INVITATION });
        return;
      }
      setState({ step: "reading" });
      openInvitation(invitation).then(
        (open) => reading === latest && setState({ step: "ready", open, busy: false }),
        (error) => reading === latest && setState({ step: "closed", message: messageOf(error) }),
      );
    };
    read();
    // A link pasted into this same tab changes only the fragment: the page does not load again.
    window.addEventListener("hashchange", read);
    return () => {
      latest = -1;
      window.removeEventListener("hashchange", read);
    };
  }, []);

  const accept = useCallback(
    async (open: OpenInvitation) => {
      setState({ step: "ready", open, busy: true });
      try {
        await acceptInvitation(open);
        router.replace(DASHBOARD_HOME);
      } catch (error) {
        if (error instanceof InvitationError) {
          setState({ step: "closed", message: error.message });
        } else if (isPromptCancelled(error)) {
          setState({
            step: "ready",
            open,
            busy: false,
            error: "The passkey prompt was closed before a passkey was made. Try again when you are ready.",
          });
        } else {
          setState({ step: "ready", open, busy: false, error: messageOf(error) });
        }
      }
    },
    [router],
  );
  return { state, accept };
}
