"use client";

import { type EarnStatusPath, useEarnStatus } from "@/lib/queries/earn";
import { Alert } from "../ui/alert";

/**
 * Where an Earn request's transaction stands, followed until it is final: the server's job sends
 * it and waits for its receipt; this asks get_*_status every second meanwhile.
 */
export function RequestProgress({
  path,
  requestId,
  what,
}: {
  path: EarnStatusPath;
  requestId: string | undefined;
  what: string;
}) {
  const status = useEarnStatus(path, requestId);
  if (!requestId) return null;
  if (status.error) return <Alert>{status.error.message}</Alert>;
  const state = status.data?.status ?? "PENDING";
  return (
    <p role="status" className="text-sm" data-testid="request-progress" data-state={state}>
      {state === "PENDING" && `${what}: waiting for the transaction to confirm…`}
      {state === "COMPLETED" && `${what}: confirmed.`}
      {state === "FAILED" && (
        <span className="text-destructive">
          {what} failed: {status.data?.error ?? "the transaction reverted"}
        </span>
      )}
    </p>
  );
}
