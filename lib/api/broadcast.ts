import { z } from "zod";
import { canonicalCaip2, chainInfo } from "./chains";
import { ZId } from "./common";

const ZAddress = z.string().regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address");
const ZWei = z
  .string()
  .regex(/^\d{1,78}$/, "must be a non-negative integer in base units (wei), as a decimal string");
const ZUint64 = z.string().regex(/^\d{1,19}$/, "must be a non-negative integer as a decimal string");
const ZCallData = z
  .string()
  .max(262_144, "must be at most 262,144 hex characters")
  .regex(/^0x([0-9a-fA-F]{2})*$/, "must be 0x-prefixed hex of whole bytes");

/** An EVM chain Latchkey serves (a local devnet, or a configured node). */
export const ZEvmCaip2 = z.string().refine((caip2) => chainInfo(caip2)?.family === "evm", {
  message: "must be an EVM chain this server serves: eip155:1, 8453, 42161, 137, 11155111 or 84532",
});

/** A Solana cluster in any of its six accepted spellings, normalised to the canonical CAIP-2 id. */
export const ZSolanaCaip2 = z
  .string()
  .refine((caip2) => chainInfo(caip2)?.family === "svm", {
    message: "must be solana:mainnet, solana:devnet or one of their CAIP-2 genesis-hash forms",
  })
  .transform((caip2) => canonicalCaip2(caip2)!);

export const ZEthCall = z.object({
  to: ZAddress,
  value: ZWei.optional(),
  data: ZCallData.optional(),
});

export const ZEthSendTransactionParams = z.object({
  from: ZAddress,
  caip2: ZEvmCaip2,
  sponsor: z.boolean().optional(),
  nonce: ZUint64.optional(),
  gasLimit: ZUint64.optional(),
  maxFeePerGas: ZWei.optional(),
  maxPriorityFeePerGas: ZWei.optional(),
  deadline: ZUint64.optional(),
  gasStationNonce: ZUint64.optional(),
  calls: z.array(ZEthCall).min(1, "must hold at least one call").max(50, "must hold at most 50 calls"),
});
export type TEthSendTransactionParams = z.infer<typeof ZEthSendTransactionParams>;

/**
 * eth_send_raw_transaction: transaction bytes someone already signed. That they decode, are signed
 * and are for this chain is checked by the server (server/activities/eth-send-raw-transaction.ts).
 */
export const ZEthSendRawTransactionParams = z.object({
  signedTransaction: z
    .string()
    .max(262_400, "must be at most 262,400 hex characters")
    .regex(/^0x([0-9a-fA-F]{2})+$/, "must be 0x-prefixed hex of whole bytes"),
  caip2: ZEvmCaip2,
});
export type TEthSendRawTransactionParams = z.infer<typeof ZEthSendRawTransactionParams>;

const ZBase58Key = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 Solana address (32 bytes)");

export const ZSolSendTransactionParams = z.object({
  unsignedTransaction: z
    .string()
    .min(2, "must be the hex of a serialized transaction")
    .max(4_096, "must be at most 4,096 hex characters (a Solana transaction is at most 1,232 bytes)"),
  signWiths: z
    .array(ZBase58Key)
    .min(1, "must name at least one signer")
    .max(16, "must name at most 16 signers"),
  sponsor: z.boolean().optional(),
  caip2: ZSolanaCaip2,
  recentBlockhash: z
    .string()
    .regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, "must be a base58 blockhash (32 bytes)")
    .optional(),
});
export type TSolSendTransactionParams = z.infer<typeof ZSolSendTransactionParams>;
/** What a Solana send's row keeps: the request, and who pays when it is sponsored. */
export type TSolSendRequest = TSolSendTransactionParams & {
  sponsorship?: { sponsorOrganizationId: string; gasStation: string };
};

/** eth_undelegate_7702: clear an account's EIP-7702 delegation, paid by the account. */
export const ZEthUndelegate7702Params = z.object({
  from: ZAddress,
  caip2: ZEvmCaip2,
  nonce: ZUint64.optional(),
  gasLimit: ZUint64.optional(),
  maxFeePerGas: ZWei.optional(),
  maxPriorityFeePerGas: ZWei.optional(),
});
export type TEthUndelegate7702Params = z.infer<typeof ZEthUndelegate7702Params>;

export const ZSendTransactionStatusRequest = z.object({ organizationId: ZId, sendTransactionStatusId: ZId });

/** get_send_transaction_status: where a broadcast stands (README: "Sending transactions"). */
export const ZSendTransactionStatus = z.object({
  txStatus: z.enum(["PENDING", "BROADCASTED", "COMPLETED", "FAILED"]),
  eth: z.object({ txHash: z.string().optional() }).optional(),
  solana: z.object({ signature: z.string().optional() }).optional(),
  txError: z.string().optional(),
  error: z
    .object({
      message: z.string(),
      eth: z
        .object({
          revertChain: z.array(
            z.object({
              address: z.string().optional(),
              errorType: z.string(),
              displayMessage: z.string(),
              native: z
                .object({
                  nativeType: z.string(),
                  message: z.string().optional(),
                  panicCode: z.string().optional(),
                })
                .optional(),
              custom: z.object({ errorName: z.string(), paramsJson: z.string() }).optional(),
              unknown: z.object({ selector: z.string().optional(), data: z.string().optional() }).optional(),
            }),
          ),
        })
        .optional(),
      solana: z
        .object({
          source: z.string().optional(),
          rpcCode: z.number().int().optional(),
          rpcMessage: z.string().optional(),
          transactionErrorJson: z.string().optional(),
          logs: z.array(z.string()).optional(),
          unitsConsumed: z.string().optional(),
        })
        .optional(),
    })
    .optional(),
});
export type TSendTransactionStatus = z.infer<typeof ZSendTransactionStatus>;

export const ZGetNoncesRequest = z.object({
  organizationId: ZId,
  address: ZAddress,
  caip2: ZEvmCaip2,
  nonce: z.boolean().optional(),
  gasStationNonce: z.boolean().optional(),
});
export const ZGetNoncesResponse = z.object({
  nonce: z.string().optional(),
  gasStationNonce: z.string().optional(),
});

/** get_latest_blockhash (Latchkey's): what a browser needs to build an unsponsored Solana transaction. */
export const ZGetLatestBlockhashRequest = z.object({ organizationId: ZId, caip2: ZSolanaCaip2 });
export const ZGetLatestBlockhashResponse = z.object({
  blockhash: z.string(),
  /** The last block height at which a transaction naming this blockhash can land, as a decimal string. */
  lastValidBlockHeight: z.string(),
});
