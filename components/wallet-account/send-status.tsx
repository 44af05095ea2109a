"use client";

import type { TSendTransactionStatus } from "@/lib/api/broadcast";
import type { Tone } from "@/lib/client/format";
import { useSendStatus } from "@/lib/queries/sends";
import { Badge } from "../ui/badge";
import { CopyButton } from "../ui/copy-button";

const TONES: Record<TSendTransactionStatus["txStatus"], Tone> = {
  PENDING: "neutral",
  BROADCASTED: "warning",
  COMPLETED: "success",
  FAILED: "danger",
};

/** Why a send failed, in the chain's words: the revert reason when a contract gave one. */
function failureOf(status: TSendTransactionStatus): string | undefined {
  const reverts = status.error?.eth?.revertChain.map((r) => r.displayMessage) ?? [];
  const message = status.error?.message ?? status.txError;
  return [message, ...reverts.filter((r) => r !== message)].filter(Boolean).join(" — ") || undefined;
}

/**
 * What the programs themselves said about a failed Solana transaction ("Transfer: insufficient
 * lamports …"): its log lines without the runtime's invoke/consumed/success bookkeeping.
 */
function programMessages(status: TSendTransactionStatus): string[] {
  const logs = status.error?.solana?.logs ?? [];
  return logs.filter((line) => !/^Program \w+ (invoke \[\d+\]|consumed \d+|success)/.test(line));
}

/** A broadcast's live status (asked again every second until final), its hash, and why it failed. */
export function SendStatus({ sendTransactionStatusId }: { sendTransactionStatusId: string }) {
  const status = useSendStatus(sendTransactionStatusId);
  if (status.error)
    return (
      <span role="alert" className="text-sm text-destructive">
        {status.error.message}
      </span>
    );
  const data = status.data;
  if (!data) return <span className="text-sm text-muted-foreground">Loading…</span>;
  const hash = data.eth?.txHash ?? data.solana?.signature;
  const failure = data.txStatus === "FAILED" ? failureOf(data) : undefined;
  return (
    <div className="grid gap-1" data-send-status-id={sendTransactionStatusId}>
      <span className="flex flex-wrap items-center gap-2">
        <Badge tone={TONES[data.txStatus]} data-testid="send-status">
          {data.txStatus}
        </Badge>
        {hash && (
          <span className="flex items-center gap-1">
            <span className="break-all font-mono text-xs" data-testid="tx-hash">
              {hash}
            </span>
            <CopyButton value={hash} label={`Copy transaction hash ${hash}`} />
          </span>
        )}
      </span>
      {/* Not final yet, but something went wrong that the server is retrying (an unreachable node). */}
      {!failure && data.txStatus !== "COMPLETED" && data.txError && (
        <span className="text-sm text-muted-foreground" data-testid="send-retrying">
          {data.txError}
        </span>
      )}
      {failure && (
        <span className="text-sm text-destructive" data-testid="send-error">
          {failure}
        </span>
      )}
      {failure && programMessages(data).length > 0 && (
        <ul className="grid gap-0.5 font-mono text-xs text-muted-foreground" data-testid="send-logs">
          {programMessages(data).map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: log lines may repeat and never reorder
            <li key={i}>{line}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
