"use client";

import { useEffect, useRef, useState } from "react";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import type { TActivityPath } from "@/lib/api/activity-types";
import { query } from "@/lib/client/api";
import { createExportTarget, openExportBundle } from "@/lib/client/export-bundle";
import { humanize } from "@/lib/client/format";
import { useSession } from "@/lib/client/session-context";
import { useActivityMutation } from "./activity-mutation";
import { useServerSigningKey } from "./server-signing-key";

export interface SecretExportSpec {
  path: TActivityPath;
  /** Where the activity's result carries `exportBundle` (exportWalletResult, exportPrivateKeyResult). */
  resultKey: string;
  parameters(targetPublicKey: string): Record<string, unknown>;
  contents: "mnemonic" | "hex";
  /** Query keys the export changes (the `exported` flag). */
  invalidates: string[];
}

const APPROVAL_POLL_MS = 3000;

/** What export_wallet and export_private_key put under their result key. */
const ZExportResult = z.object({ exportBundle: z.string().min(1) });

/**
 * One export, start to finish, inside the browser: make a throwaway key pair, submit the export
 * (stamped by the passkey) encrypted to it, check the bundle's signature against the pinned server
 * key and decrypt it. The key pair lives only while `reveal` runs; the secret only in this hook's
 * state, until `discard`.
 * An export that needs other roots' approval is watched while the dialog stays open, and opened
 * when approved (the key that can read it exists nowhere else).
 */
export function useSecretExport(spec: SecretExportSpec) {
  const session = useSession();
  const serverKey = useServerSigningKey();
  // Bumped when the dialog closes: an export still under way then ends without showing anything.
  const attempt = useRef(0);
  const [secret, setSecret] = useState<string>();
  const [error, setError] = useState<Error>();
  const [waiting, setWaiting] = useState<TActivity>();
  const [busy, setBusy] = useState(false);
  const submit = useActivityMutation<string>(spec.path, spec.parameters, spec.invalidates);
  useEffect(
    () => () => {
      attempt.current++;
    },
    [],
  );

  /** Until other roots decide on it, look at the activity again now and then. */
  const decided = async (activity: TActivity, mine: number): Promise<TActivity | undefined> => {
    let current = activity;
    while (current.status === "ACTIVITY_STATUS_CONSENSUS_NEEDED") {
      setWaiting(current);
      await new Promise((resolve) => setTimeout(resolve, APPROVAL_POLL_MS));
      if (attempt.current !== mine) return undefined;
      current = (await query(session, "get_activity", { activityId: current.id })).activity;
    }
    setWaiting(undefined);
    return attempt.current === mine ? current : undefined;
  };

  const reveal = async () => {
    const mine = ++attempt.current;
    setError(undefined);
    setBusy(true);
    try {
      const serverSigningKey = serverKey.data ?? (await serverKey.refetch({ throwOnError: true })).data!;
      // The key pair lives in this call only: once the bundle is open (or the dialog closed) it is gone.
      const target = await createExportTarget();
      const activity = await decided(await submit.mutateAsync(target.publicKey), mine);
      if (!activity) return;
      if (activity.status !== "ACTIVITY_STATUS_COMPLETED") {
        throw new Error(
          activity.failure?.message ??
            `the export was ${humanize(activity.status, "ACTIVITY_STATUS_").toLowerCase()}`,
        );
      }
      const result = ZExportResult.safeParse(activity.result[spec.resultKey]);
      if (!result.success) throw new Error("the export returned no bundle");
      const opened = await openExportBundle({
        exportBundle: result.data.exportBundle,
        target,
        organizationId: session.organizationId,
        serverSigningKey,
        contents: spec.contents,
      });
      if (attempt.current === mine) setSecret(opened);
    } catch (caught) {
      if (attempt.current === mine) setError(caught as Error);
    } finally {
      setBusy(false);
    }
  };

  const discard = () => {
    attempt.current++;
    setSecret(undefined);
    setError(undefined);
    setWaiting(undefined);
    submit.reset();
  };

  return { reveal, discard, secret, error, waiting, busy };
}
