"use client";

import { useQuery } from "@tanstack/react-query";
import { z } from "zod";
import type { TActivity } from "@/lib/api/activity";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEthSendTransactionParams, ZSolSendTransactionParams } from "@/lib/api/broadcast";
import { canonicalCaip2 } from "@/lib/api/chains";
import { query } from "@/lib/client/api";
import { summarizeEthCall } from "@/lib/client/erc20-transfer";
import { useSession } from "@/lib/client/session-context";
import { summarizeSolanaTransfers } from "@/lib/client/solana-transfer-summary";
import { ACTIVITIES } from "./activities";
import { sendStatusId } from "./sends";

/** One movement a send made: `token` is the ERC-20 contract or SPL mint; none for the native coin. */
export interface SentTransfer {
  to: string;
  amount: bigint;
  token?: string;
}

export interface RecentSend {
  activity: TActivity;
  caip2: string;
  transfers: SentTransfer[];
  sendTransactionStatusId?: string;
}

const ZEthIntent = z.object({ ethSendTransactionIntentV2: ZEthSendTransactionParams });
// Stored intents are already normalised; the schema's caip2 transform keeps them canonical.
const ZSolIntent = z.object({ solSendTransactionIntentV2: ZSolSendTransactionParams });

/** A send activity from `address` with what it moved, or undefined for another account's (or another kind). */
function sendFrom(activity: TActivity, address: string): RecentSend | undefined {
  const id = sendStatusId(activity);
  const eth = ZEthIntent.safeParse(activity.intent);
  if (eth.success) {
    const params = eth.data.ethSendTransactionIntentV2;
    if (params.from.toLowerCase() !== address.toLowerCase()) return undefined;
    return {
      activity,
      caip2: params.caip2,
      transfers: params.calls.map(summarizeEthCall),
      sendTransactionStatusId: id,
    };
  }
  const sol = ZSolIntent.safeParse(activity.intent);
  if (sol.success) {
    const params = sol.data.solSendTransactionIntentV2;
    if (!params.signWiths.includes(address)) return undefined;
    const transfers = summarizeSolanaTransfers(params.unsignedTransaction).map(({ mint, ...t }) => ({
      ...t,
      ...(mint ? { token: mint } : {}),
    }));
    return {
      activity,
      caip2: canonicalCaip2(params.caip2) ?? params.caip2,
      transfers,
      sendTransactionStatusId: id,
    };
  }
  return undefined;
}

const RECENT = 100;

/**
 * The sends from this address among the organization's latest eth_send_transaction and
 * sol_send_transaction activities, newest first, each with what it moved (read back from its
 * calls, or from its Solana transaction) and its status id, whose live status the page follows.
 * (The history queries list only what the chain has confirmed; this shows what is pending too.)
 */
export function useRecentSends(address: string) {
  const session = useSession();
  return useQuery({
    // Under ACTIVITIES: every activity submitted from the dashboard refreshes it.
    queryKey: [ACTIVITIES, "sends", address.toLowerCase()],
    queryFn: async (): Promise<RecentSend[]> => {
      const { activities } = await query(session, "list_activities", {
        filterByType: [ACTIVITY_TYPES.eth_send_transaction, ACTIVITY_TYPES.sol_send_transaction],
        paginationOptions: { limit: String(RECENT) },
      });
      return activities.flatMap((activity) => sendFrom(activity, address) ?? []);
    },
  });
}
