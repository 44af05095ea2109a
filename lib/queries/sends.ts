"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { isAddress } from "viem";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import type { TAssetBalance } from "@/lib/api/assets";
import { type TEthSendTransactionParams, ZEthSendTransactionParams, ZEvmCaip2 } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import { parseDisplayAmount } from "@/lib/client/amounts";
import { query } from "@/lib/client/api";
import { useSession } from "@/lib/client/session-context";
import { ACTIVITIES } from "./activities";
import { useActivityMutation } from "./activity-mutation";
import { BALANCES } from "./balances";

const SEND_STATUS = "send-status";
/** Every EVM chain's native coin has 18 decimals (lib/api/chains). */
const NATIVE_DECIMALS = 18;

/**
 * The Send form of an EVM account: recipient, amount in the coin's display units, chain, sponsor.
 * It checks what eth_send_transaction checks, plus what only the page knows: the amount is no more
 * than the balance it shows on that chain (when it could read one). Its output is the activity's
 * parameters, parsed by the server's own schema.
 */
export const sendFormSchema = (from: string, nativeBalances: Record<string, TAssetBalance | undefined>) =>
  z
    .object({
      to: z
        .string()
        .trim()
        .refine(
          (to) => isAddress(to),
          "must be an Ethereum address: 0x and 40 hex characters (mixed case only with a valid checksum)",
        ),
      amount: z.string().transform((text, ctx) => {
        const parsed = parseDisplayAmount(text, NATIVE_DECIMALS);
        if ("units" in parsed) return parsed.units;
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
      caip2: ZEvmCaip2,
      sponsor: z.boolean(),
    })
    .superRefine(({ amount, caip2 }, ctx) => {
      const balance = nativeBalances[caip2];
      if (balance && amount > BigInt(balance.balance)) {
        const on = chainInfo(caip2)?.name ?? caip2;
        ctx.addIssue({
          code: "custom",
          path: ["amount"],
          message: `is more than the balance on ${on} (${balance.display.crypto} ${balance.symbol})`,
        });
      }
    })
    .transform(
      ({ to, amount, caip2, sponsor }): TEthSendTransactionParams => ({
        from,
        caip2,
        sponsor,
        calls: [{ to, value: amount.toString() }],
      }),
    )
    .pipe(ZEthSendTransactionParams);
export type TSendFormInput = z.input<ReturnType<typeof sendFormSchema>>;

export const useSendEth = () =>
  useActivityMutation<TEthSendTransactionParams>("eth_send_transaction", (params) => params, [BALANCES]);

const ZSendResult = z.object({
  ethSendTransactionResultV2: z.object({ sendTransactionStatusId: z.string() }),
});

/** The status id a completed send activity returned (none while it waits for consensus). */
export function sendStatusId(activity: TActivity | undefined): string | undefined {
  const parsed = ZSendResult.safeParse(activity?.result);
  return parsed.success ? parsed.data.ethSendTransactionResultV2.sendTransactionStatusId : undefined;
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

const ZSendIntent = z.object({ ethSendTransactionIntentV2: ZEthSendTransactionParams });

export interface RecentSend {
  activity: TActivity;
  params: TEthSendTransactionParams;
  sendTransactionStatusId?: string;
}

const RECENT = 100;

/**
 * The sends from this address among the organization's latest eth_send_transaction activities,
 * newest first: each names its status id, whose live status the page follows. (The history queries
 * list only what the chain has confirmed; this shows what is still pending too.)
 */
export function useRecentSends(address: string) {
  const session = useSession();
  return useQuery({
    // Under ACTIVITIES: every activity submitted from the dashboard refreshes it.
    queryKey: [ACTIVITIES, "sends", address.toLowerCase()],
    queryFn: async (): Promise<RecentSend[]> => {
      const { activities } = await query(session, "list_activities", {
        filterByType: [ACTIVITY_TYPES.eth_send_transaction],
        paginationOptions: { limit: String(RECENT) },
      });
      return activities.flatMap((activity) => {
        const intent = ZSendIntent.safeParse(activity.intent);
        if (!intent.success) return [];
        const params = intent.data.ethSendTransactionIntentV2;
        if (params.from.toLowerCase() !== address.toLowerCase()) return [];
        return [{ activity, params, sendTransactionStatusId: sendStatusId(activity) }];
      });
    },
  });
}
