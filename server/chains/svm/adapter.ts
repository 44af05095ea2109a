import type { JsonRpcClient } from "../json-rpc";

/** A transaction error as Solana's JSON-RPC reports it (`"BlockhashNotFound"`, `{InstructionError: …}`). */
export type SvmTransactionError = string | Record<string, unknown>;

export interface SvmSignatureStatus {
  slot: number;
  err: SvmTransactionError | null;
  confirmationStatus: "processed" | "confirmed" | "finalized" | null;
}

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
      const answer = await client.call<{ value: number | string }>("getBalance", [
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
      const tx = await client.call<{ meta?: { fee?: number | string } } | null>("getTransaction", [
        signature,
        { encoding: "json", maxSupportedTransactionVersion: 0, commitment: "confirmed" },
      ]);
      return BigInt(tx?.meta?.fee ?? 0);
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
