import { z } from "zod";
import { ZEvmCaip2, ZSolanaCaip2 } from "./broadcast";
import { canonicalCaip2 } from "./chains";
import { ZId, ZPagination } from "./common";

export const ZListEthTransactionHistoryRequest = z.object({
  organizationId: ZId,
  address: z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address"),
  caip2: ZEvmCaip2.transform((caip2) => canonicalCaip2(caip2)!),
  paginationOptions: ZPagination,
});

const ZTransfer = z.object({
  direction: z.enum(["IN", "OUT"]),
  asset: z
    .object({ caip19: z.string(), symbol: z.string(), name: z.string(), decimals: z.number().int() })
    .optional(),
  amount: z.string(),
  counterparty: z.string(),
  display: z.object({ crypto: z.string().optional(), usd: z.string().optional() }).optional(),
});

export const ZEthTransactionHistoryItem = z.object({
  transactionHash: z.string(),
  block: z.object({ number: z.string(), hash: z.string(), timestamp: z.string() }),
  status: z.enum(["CONFIRMED", "FINALIZED"]),
  /** TURNKEY for transactions this server sent, EXTERNAL for the others. */
  origin: z.string(),
  from: z.string(),
  to: z.string().optional(),
  fee: z.object({ amount: z.string(), caip19: z.string() }),
  transfers: z.array(ZTransfer),
  turnkey: z
    .object({
      sponsored: z.boolean(),
      activityFingerprint: z.string().optional(),
      submittedAt: z.string().optional(),
    })
    .optional(),
});
export type TEthTransactionHistoryItem = z.infer<typeof ZEthTransactionHistoryItem>;

const ZPageInfo = z
  .object({
    hasNextPage: z.boolean(),
    hasPreviousPage: z.boolean(),
    startCursor: z.string().optional(),
    endCursor: z.string().optional(),
  })
  .optional();

export const ZListEthTransactionHistoryResponse = z.object({
  transactions: z.array(ZEthTransactionHistoryItem),
  pageInfo: ZPageInfo,
});

export const ZListSolTransactionHistoryRequest = z.object({
  organizationId: ZId,
  address: z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 Solana address"),
  caip2: ZSolanaCaip2,
  paginationOptions: ZPagination,
});

export const ZSolTransactionHistoryItem = z.object({
  signature: z.string(),
  block: ZEthTransactionHistoryItem.shape.block,
  status: z.enum(["CONFIRMED", "FINALIZED"]),
  /** TURNKEY for transactions this server sent, EXTERNAL for the others. */
  origin: z.string(),
  /** The first signer, who paid the fee. */
  feePayer: z.string(),
  signers: z.array(z.object({ address: z.string(), writable: z.boolean() })),
  fee: z.object({ amount: z.string(), caip19: z.string() }),
  transfers: z.array(ZTransfer),
  turnkey: ZEthTransactionHistoryItem.shape.turnkey,
});
export type TSolTransactionHistoryItem = z.infer<typeof ZSolTransactionHistoryItem>;

export const ZListSolTransactionHistoryResponse = z.object({
  transactions: z.array(ZSolTransactionHistoryItem),
  pageInfo: ZPageInfo,
});
