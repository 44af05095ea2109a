"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import type { TSolSendTransactionParams } from "@/lib/api/broadcast";
import { completed, query, submit } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import type { StoredSession } from "@/lib/client/session-store";
import { PLACEHOLDER_BLOCKHASH, unsignedSolanaTransfer } from "@/lib/client/solana-transfer";
import { ACTIVITIES } from "./activities";
import { BALANCES } from "./balances";
import type { SendPlan } from "./send-form";

const SEND_STATUS = "send-status";

/** The activity's parameters for a plan; a Solana transfer is built here, with what it needs from the server. */
async function sendRequest(session: StoredSession, plan: SendPlan) {
  if (plan.family === "evm") return { path: "eth_send_transaction" as const, params: plan.params };
  // Sponsored: the gas station pays and, with recentBlockhash omitted, the server puts a fresh
  // blockhash in (spec.md rule 3). Unsponsored: the message's own blockhash is used, so it must be current.
  const blockhash = plan.gasStation
    ? PLACEHOLDER_BLOCKHASH
    : (await query(session, "get_latest_blockhash", { caip2: plan.caip2 })).blockhash;
  const unsignedTransaction = await unsignedSolanaTransfer({
    from: plan.from,
    to: plan.to,
    asset: plan.asset,
    amount: plan.amount,
    feePayer: plan.gasStation ?? plan.from,
    blockhash,
  });
  const params: TSolSendTransactionParams = {
    unsignedTransaction,
    signWiths: [plan.from],
    sponsor: plan.gasStation !== undefined,
    caip2: plan.caip2,
  };
  return { path: "sol_send_transaction" as const, params };
}

/** Send what the form planned, stamped by the passkey: eth_send_transaction or sol_send_transaction. */
export function useSend() {
  const session = useSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (plan: SendPlan) => {
      const { path, params } = await sendRequest(session, plan);
      return completed(await submit(session.organizationId, path, params, { passkey: true }));
    },
    onSuccess: () => {
      for (const key of [BALANCES, ACTIVITIES]) queryClient.invalidateQueries({ queryKey: [key] });
    },
  });
}

const ZSendResult = z.union([
  z.object({ ethSendTransactionResultV2: z.object({ sendTransactionStatusId: z.string() }) }),
  z.object({ solSendTransactionResultV2: z.object({ sendTransactionStatusId: z.string() }) }),
]);

/** The status id a completed send activity returned (none while it waits for consensus). */
export function sendStatusId(activity: TActivity | undefined): string | undefined {
  const parsed = ZSendResult.safeParse(activity?.result);
  if (!parsed.success) return undefined;
  const result = parsed.data;
  return "ethSendTransactionResultV2" in result
    ? result.ethSendTransactionResultV2.sendTransactionStatusId
    : result.solSendTransactionResultV2.sendTransactionStatusId;
}

const FINAL = new Set(["COMPLETED", "FAILED"]);
const POLL_MS = 1000;

/**
 * Where a broadcast stands, asked again every second until it is COMPLETED or FAILED; then the
 * balances are read again, since the transaction has moved coins (or spent gas).
 */
export function useSendStatus(sendTransactionStatusId: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  const status = useQuery({
    queryKey: [SEND_STATUS, sendTransactionStatusId],
    queryFn: () => query(session, "get_send_transaction_status", { sendTransactionStatusId }),
    refetchInterval: (q) => (q.state.data && FINAL.has(q.state.data.txStatus) ? false : POLL_MS),
  });
  const final = status.data !== undefined && FINAL.has(status.data.txStatus);
  useEffect(() => {
    if (final) queryClient.invalidateQueries({ queryKey: [BALANCES] });
  }, [final, queryClient]);
  return status;
}
