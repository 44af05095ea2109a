"use client";

import { useMutation } from "@tanstack/react-query";
import type { TAuditCheckpoint } from "@/lib/api/audit-chain";
import { readChain } from "@/lib/audit/read-chain";
import { type ChainVerdict, verifyChain } from "@/lib/audit/verify-chain";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";

/**
 * The Activities page's "Verify audit trail": the same check as `latchkey audit verify`
 * (lib/audit/verify-chain.ts), run in the browser over the session-stamped public API. The server
 * key is the one this server states (get_server_signing_key): a check of the chain against itself
 * and its signatures; keeping checkpoints elsewhere is what catches a re-signed rewrite.
 */

export interface AuditTrailVerdict {
  verdict: ChainVerdict;
  /** The newest checkpoint verified (the head signed at this read). */
  lastCheckpoint: { seq: string; signedAtMs: number } | null;
  serverKey: string;
}

function signedAt(checkpoint: TAuditCheckpoint): number {
  try {
    return Number((JSON.parse(checkpoint.statement) as { timestampMs?: string }).timestampMs);
  } catch {
    return Number.NaN;
  }
}

export function useVerifyAuditTrail() {
  const session = useSession();
  return useMutation({
    mutationFn: async (): Promise<AuditTrailVerdict> => {
      const { publicKey } = await query(session, "get_server_signing_key");
      const read = () =>
        readChain(
          (path, request) => query(session, path, request as Record<string, unknown>),
          session.organizationId,
        );
      let doc = await read();
      let verdict = verifyChain(doc, publicKey);
      // An activity that changed between reading the chain and the activities is read again once.
      if (!verdict.ok && verdict.kind !== "VOTE" && verdict.kind !== "EVALUATION") {
        doc = await read();
        verdict = verifyChain(doc, publicKey);
      }
      const head = doc.headCheckpoint;
      return {
        verdict,
        lastCheckpoint: head ? { seq: head.seq, signedAtMs: signedAt(head) } : null,
        serverKey: publicKey,
      };
    },
  });
}
