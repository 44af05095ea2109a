import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type EarnRequestRow, earnRequests, sendTransactions } from "../db/schema";
import { ApiError } from "../errors";
import type { EarnRequestKind } from "./requests";

/** What a status query answers: the API's three states, the transaction's hash, why it failed. */
export interface EarnStatus {
  status: "PENDING" | "COMPLETED" | "FAILED";
  txHash?: string;
  error?: string;
}

/**
 * Where an Earn request stands. Its transaction's own states (PENDING, BROADCASTED, COMPLETED,
 * FAILED — the operator job's or the send pipeline's) fold into the API's three: anything not final
 * is PENDING. A FAILED one carries the chain's reason (a revert decoded to its error's name).
 */
export async function earnRequestStatus(
  db: DbOrTx,
  organizationId: string,
  kind: EarnRequestKind,
  id: string,
  idName: string,
): Promise<EarnStatus> {
  const [row] = await db.select().from(earnRequests).where(eq(earnRequests.id, id));
  if (!row || row.organizationId !== organizationId || row.kind !== kind) {
    throw new ApiError("NOT_FOUND", "NOT_FOUND", `${idName} ${id} was not found in this organization`);
  }
  const own = row.sendId ? await fromSend(db, row) : row;
  const status = own.status === "COMPLETED" || own.status === "FAILED" ? own.status : "PENDING";
  return {
    status,
    ...(own.txHash ? { txHash: own.txHash } : {}),
    ...(status === "FAILED" && own.error ? { error: own.error } : {}),
  };
}

async function fromSend(
  db: DbOrTx,
  row: EarnRequestRow,
): Promise<{ status: string; txHash: string | null; error: string | null }> {
  const [send] = await db.select().from(sendTransactions).where(eq(sendTransactions.id, row.sendId!));
  if (!send) return { status: "FAILED", txHash: null, error: "its transaction record is missing" };
  const error = send.error as { message?: string } | null;
  return { status: send.status, txHash: send.txHash, error: error?.message ?? null };
}
