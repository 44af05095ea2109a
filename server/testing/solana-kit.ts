import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  type createSolanaRpc,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";

export type SolanaRpc = ReturnType<typeof createSolanaRpc<string>>;

/** A JSON-RPC call over plain HTTP, for what kit has no method for (latchkey_*) or refuses to send. */
export async function rawCall(url: string, method: string, params: unknown[] = []) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  return {
    status: response.status,
    body: (await response.json()) as {
      result?: Record<string, unknown> & unknown;
      error?: { code: number; message: string; data?: { err?: unknown } };
    },
  };
}

/** Sign `instructions` with the fee payer (and any signer they name) over `blockhash`, or the latest. */
export async function signedTransaction(
  rpc: SolanaRpc,
  feePayer: KeyPairSigner,
  instructions: Instruction[],
  lifetime?: { blockhash: string; lastValidBlockHeight: bigint },
): Promise<string> {
  const blockhash = lifetime ?? (await rpc.getLatestBlockhash().send()).value;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash as never, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
}

/** Send and wait until getSignatureStatuses reports it, as a wallet does. */
export async function sendAndConfirm(rpc: SolanaRpc, wire: string) {
  const signature = await rpc.sendTransaction(wire as never, { encoding: "base64" }).send();
  for (let i = 0; i < 50; i++) {
    const { value } = await rpc.getSignatureStatuses([signature]).send();
    if (value[0]) return { signature, status: value[0] };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${signature} was never confirmed`);
}

export const lamportsOf = async (rpc: SolanaRpc, address: Address) =>
  (await rpc.getBalance(address).send()).value;

type Lifetime = { blockhash: string; lastValidBlockHeight: bigint };

/**
 * A transaction as sol_send_transaction takes it: the full wire format (v0), hex, with zeroed
 * signature slots, paid by `feePayer` (who signs first), over `blockhash` or the latest.
 */
export async function unsignedHex(
  rpc: SolanaRpc,
  feePayer: Address,
  instructions: Instruction[],
  blockhash?: Lifetime,
): Promise<string> {
  const lifetime = blockhash ?? (await rpc.getLatestBlockhash().send()).value;
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  return Buffer.from(getTransactionEncoder().encode(compileTransaction(message))).toString("hex");
}

/** A SOL transfer from `from` as sol_send_transaction takes it. `feePayer` (default `from`) signs first. */
export async function unsignedTransferHex(
  rpc: SolanaRpc,
  from: Address,
  to: Address,
  amount: bigint,
  options: { feePayer?: Address; blockhash?: Lifetime } = {},
): Promise<string> {
  const transfer = getTransferSolInstruction({ source: createNoopSigner(from), destination: to, amount });
  return unsignedHex(rpc, options.feePayer ?? from, [transfer], options.blockhash);
}

const ataOf = async (owner: Address, mint: Address) =>
  (await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];

/**
 * An SPL token transfer of `amount` base units of `mint` from `from`'s associated token account to
 * `to`'s, creating the recipient's account first if it has none (paid by `payer`, default `from`).
 */
export async function splTransferInstructions(
  from: Address,
  to: Address,
  mint: Address,
  amount: bigint,
  decimals: number,
  payer: Address = from,
): Promise<Instruction[]> {
  const destination = await ataOf(to, mint);
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: createNoopSigner(payer),
      ata: destination,
      owner: to,
      mint,
    }),
    getTransferCheckedInstruction({
      source: await ataOf(from, mint),
      mint,
      destination,
      authority: createNoopSigner(from),
      amount,
      decimals,
    }),
  ];
}
