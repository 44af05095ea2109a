import { eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { type SendTransactionRow, sendTransactions } from "../db/schema";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { emitSendStatus } from "../webhooks/domain-events";

/** CALLS: eth_send_transaction's calls (and sol_send_transaction); UNDELEGATE: eth_undelegate_7702. */
export type SendKind = "CALLS" | "UNDELEGATE";

export type SendStatus = "PENDING" | "BROADCASTED" | "COMPLETED" | "FAILED";

/** One contract's revert as the compatible API reports it (v1RevertChainEntry). */
export interface RevertEntry {
  address?: string;
  /** "native" (Error, Panic, a bare revert), "custom" (a contract's own error) or "unknown". */
  errorType: string;
  displayMessage: string;
  native?: { nativeType: string; message?: string; panicCode?: string };
  custom?: { errorName: string; paramsJson: string };
  unknown?: { selector?: string; data?: string };
}

export interface SendFailure {
  message: string;
  /** A contract's revert, outermost first. */
  revertChain?: RevertEntry[];
  /** A Solana node's refusal or a landed transaction's error (the reference's v1SolanaFailureDetails). */
  solana?: {
    source?: string;
    rpcCode?: number;
    rpcMessage?: string;
    transactionErrorJson?: string;
    logs?: string[];
    unitsConsumed?: string;
  };
}

/** The jobs that take a send from PENDING to a final status (server/sends/evm-send.ts, svm-send.ts). */
export const EVM_SEND_JOB = "evm-send";
export const SVM_SEND_JOB = "svm-send";

/**
 * Accept a send inside the activity's transaction: its row and the job that will sign, broadcast
 * and follow it commit together with the activity, or not at all. Nothing touches the network here.
 */
export async function acceptSend(
  tx: DbOrTx,
  now: Date,
  send: {
    organizationId: string;
    activityId: string;
    caip2: string;
    fromAddress: string;
    request: object;
    /** A transaction signed elsewhere (eth_send_raw_transaction): the job only broadcasts it. */
    signedTransaction?: string;
    txHash?: string;
    kind?: SendKind;
    /** An EVM send paid by a gas station: the organization whose budget it is counted against. */
    sponsorOrganizationId?: string;
  },
  job: typeof EVM_SEND_JOB | typeof SVM_SEND_JOB = EVM_SEND_JOB,
): Promise<string> {
  const id = newId(now.getTime());
  await tx.insert(sendTransactions).values({
    id,
    ...send,
    status: "PENDING",
    createdAt: now,
    updatedAt: now,
  });
  await enqueue(tx, now, job, { sendId: id }, { maxAttempts: 10 });
  return id;
}

export async function findSend(db: DbOrTx, id: string): Promise<SendTransactionRow | undefined> {
  const [row] = await db.select().from(sendTransactions).where(eq(sendTransactions.id, id));
  return row;
}

/**
 * Control characters cannot be stored (PostgreSQL refuses NUL in text and jsonb) nor read by anyone,
 * and a node may quote a revert's raw bytes in its message (Anvil does for a custom error).
 */
const printable = (text: string) =>
  [...text]
    .filter((c) => {
      const code = c.codePointAt(0)!;
      return (code >= 0x20 && code !== 0x7f) || c === "\n" || c === "\t";
    })
    .join("");

function storableRevert(entry: RevertEntry): RevertEntry {
  const { native } = entry;
  return {
    ...entry,
    displayMessage: printable(entry.displayMessage),
    ...(native?.message !== undefined ? { native: { ...native, message: printable(native.message) } } : {}),
  };
}

function storableFailure(failure: SendFailure): SendFailure {
  return {
    ...failure,
    message: printable(failure.message),
    ...(failure.revertChain ? { revertChain: failure.revertChain.map(storableRevert) } : {}),
  };
}

export async function updateSend(
  db: DbOrTx,
  id: string,
  now: Date,
  fields: Partial<
    Pick<
      SendTransactionRow,
      "signedTransaction" | "txHash" | "blockNumber" | "lastError" | "broadcastAt" | "sponsorOrganizationId"
    >
  > & {
    status?: SendStatus;
    error?: SendFailure;
  },
): Promise<void> {
  const [row] = await db
    .update(sendTransactions)
    .set({
      ...fields,
      ...(fields.error ? { error: storableFailure(fields.error) } : {}),
      ...(fields.lastError ? { lastError: printable(fields.lastError) } : {}),
      updatedAt: now,
    })
    .where(eq(sendTransactions.id, id))
    .returning();
  if (fields.status && row) await emitSendStatus(db, now, row);
}
