import { type JsonRpcClient, RpcError } from "../json-rpc";

/** A transaction error as Solana's JSON-RPC reports it (`"BlockhashNotFound"`, `{InstructionError: …}`). */
export type SvmTransactionError = string | Record<string, unknown>;

export interface SvmSignatureStatus {
  slot: number;
  err: SvmTransactionError | null;
  confirmationStatus: "processed" | "confirmed" | "finalized" | null;
}

/** One entry of getSignaturesForAddress: newest first. */
export interface SvmSignatureInfo {
  signature: string;
  slot: number;
  err: SvmTransactionError | null;
  blockTime: number | null;
  confirmationStatus: "processed" | "confirmed" | "finalized" | null;
}

export interface SvmTokenBalance {
  accountIndex: number;
  mint: string;
  owner?: string;
  uiTokenAmount: { amount: string; decimals: number };
}

export interface SvmInstruction {
  programIdIndex: number;
  accounts: number[];
  /** base58 */
  data: string;
}

/** getTransaction in the json encoding: what a history needs of it. */
export interface SvmTransaction {
  slot: number;
  blockTime: number | null;
  transaction: {
    signatures: string[];
    message: {
      accountKeys: string[];
      header: { numRequiredSignatures: number; numReadonlySignedAccounts: number };
      instructions: SvmInstruction[];
    };
  };
  meta: {
    err: SvmTransactionError | null;
    fee: number | string;
    innerInstructions?: { index: number; instructions: SvmInstruction[] }[] | null;
    preTokenBalances?: SvmTokenBalance[] | null;
    postTokenBalances?: SvmTokenBalance[] | null;
    loadedAddresses?: { writable: string[]; readonly: string[] } | null;
  } | null;
}

/** getSignaturesForAddress's maximum page. */
export const SIGNATURES_PAGE = 1000;

/**
 * What Latchkey asks of a Solana cluster, over standard Solana JSON-RPC only, so the same code serves
 * the in-process devnet and any real node configured in LATCHKEY_RPC_URLS.
 */
export function svmAdapter(client: JsonRpcClient) {
  return {
    async latestBlockhash(): Promise<{ blockhash: string; lastValidBlockHeight: number }> {
      const answer = await client.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
        "getLatestBlockhash",
        [{ commitment: "confirmed" }],
      );
      return answer.value;
    },
    async isBlockhashValid(blockhash: string): Promise<boolean> {
      const answer = await client.call<{ value: boolean }>("isBlockhashValid", [
        blockhash,
        { commitment: "confirmed" },
      ]);
      return answer.value;
    },
    async blockHeight(): Promise<number> {
      return client.call<number>("getBlockHeight", [{ commitment: "confirmed" }]);
    },
    async balance(address: string): Promise<bigint> {
      const answer = await client.call<{ value: number | bigint }>("getBalance", [
        address,
        { commitment: "confirmed" },
      ]);
      return BigInt(answer.value);
    },
    /** The owner's total of one SPL mint, over all its token accounts. */
    async tokenBalance(owner: string, mint: string): Promise<bigint> {
      const answer = await client.call<{
        value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[];
      }>("getTokenAccountsByOwner", [owner, { mint }, { encoding: "jsonParsed", commitment: "confirmed" }]);
      return answer.value.reduce((sum, a) => sum + BigInt(a.account.data.parsed.info.tokenAmount.amount), 0n);
    },
    /** Broadcast a signed transaction (base64) with preflight: a refusal comes back as the node's error. */
    async sendTransaction(signedBase64: string): Promise<string> {
      return client.call<string>("sendTransaction", [
        signedBase64,
        { encoding: "base64", preflightCommitment: "confirmed" },
      ]);
    },
    /** The fee a landed transaction paid, in lamports (0 when the node does not have it). */
    async transactionFee(signature: string): Promise<bigint> {
      const tx = await client.call<{ meta?: { fee?: number | bigint } } | null>("getTransaction", [
        signature,
        { encoding: "json", maxSupportedTransactionVersion: 0, commitment: "confirmed" },
      ]);
      return BigInt(tx?.meta?.fee ?? 0);
    },
    /** An address's signatures, newest first, older than `before` and newer than `until` (both exclusive). */
    async signaturesForAddress(
      address: string,
      options: { before?: string; until?: string; limit?: number } = {},
    ): Promise<SvmSignatureInfo[]> {
      return client.call<SvmSignatureInfo[]>("getSignaturesForAddress", [
        address,
        { commitment: "confirmed", limit: options.limit ?? SIGNATURES_PAGE, ...options },
      ]);
    },
    async transaction(signature: string): Promise<SvmTransaction | null> {
      return client.call<SvmTransaction | null>("getTransaction", [
        signature,
        { encoding: "json", maxSupportedTransactionVersion: 0, commitment: "confirmed" },
      ]);
    },
    /** A slot's blockhash, or undefined when the node has no block for it (skipped, or pruned). */
    async blockhash(slot: number): Promise<string | undefined> {
      try {
        const block = await client.call<{ blockhash: string } | null>("getBlock", [
          slot,
          {
            transactionDetails: "none",
            rewards: false,
            maxSupportedTransactionVersion: 0,
            commitment: "confirmed",
          },
        ]);
        return block?.blockhash;
      } catch (error) {
        if (error instanceof RpcError) return undefined;
        throw error;
      }
    },
    /** The slot the cluster has finalized. */
    async finalizedSlot(): Promise<number> {
      return client.call<number>("getSlot", [{ commitment: "finalized" }]);
    },
    /** The token accounts an owner holds under one token program. */
    async tokenAccounts(owner: string, programId: string): Promise<string[]> {
      const answer = await client.call<{ value: { pubkey: string }[] }>("getTokenAccountsByOwner", [
        owner,
        { programId },
        { encoding: "base64", commitment: "confirmed" },
      ]);
      return answer.value.map((a) => a.pubkey);
    },
    async signatureStatus(signature: string): Promise<SvmSignatureStatus | null> {
      const answer = await client.call<{ value: (SvmSignatureStatus | null)[] }>("getSignatureStatuses", [
        [signature],
        { searchTransactionHistory: true },
      ]);
      return answer.value[0] ?? null;
    },
  };
}

export type SvmAdapter = ReturnType<typeof svmAdapter>;
