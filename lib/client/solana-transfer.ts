import {
  type Address,
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";

/**
 * The blockhash a sponsored message carries when it leaves the browser: 32 zero bytes. It is never
 * broadcast: with sponsor and no recentBlockhash the server puts a fresh one in (spec.md rule 3).
 */
export const PLACEHOLDER_BLOCKHASH = "11111111111111111111111111111111";

/** What moves: SOL, or an SPL token of the classic token program by its mint. */
export type SolanaAsset = { kind: "native" } | { kind: "spl"; mint: string; decimals: number };

export interface SolanaTransfer {
  from: string;
  to: string;
  asset: SolanaAsset;
  /** Base units: lamports, or the token's smallest unit. */
  amount: bigint;
  /** Who pays the fee: the sender, or the organization's gas station when sponsored. */
  feePayer: string;
  /** A current blockhash, or PLACEHOLDER_BLOCKHASH when the server fetches one. */
  blockhash: string;
}

/** The transfer's instructions: SPL sends create the recipient's token account first when it is missing. */
async function instructionsOf(t: SolanaTransfer): Promise<Instruction[]> {
  const sender = createNoopSigner(t.from as Address);
  if (t.asset.kind === "native") {
    return [getTransferSolInstruction({ source: sender, destination: t.to as Address, amount: t.amount })];
  }
  const mint = t.asset.mint as Address;
  const ata = async (owner: string) =>
    (await findAssociatedTokenPda({ owner: owner as Address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }))[0];
  const [source, destination] = await Promise.all([ata(t.from), ata(t.to)]);
  return [
    // Idempotent: a no-op when the account exists, so the browser need not read the chain to know.
    // The sender pays its rent (about 0.002 SOL) when it is created, sponsored or not: the gas
    // station pays fees only.
    getCreateAssociatedTokenIdempotentInstruction({
      payer: sender,
      ata: destination,
      owner: t.to as Address,
      mint,
    }),
    getTransferCheckedInstruction({
      source,
      mint,
      destination,
      authority: sender,
      amount: t.amount,
      decimals: t.asset.decimals,
    }),
  ];
}

/**
 * The transfer as sol_send_transaction takes it: the whole wire format (v0 message) in hex with
 * its signature slots zeroed, the fee payer's first. Nothing is signed here: the passkey stamps the
 * activity and the server signs with the account's key.
 */
export async function unsignedSolanaTransfer(t: SolanaTransfer): Promise<string> {
  const instructions = await instructionsOf(t);
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(t.feePayer as Address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        // The height only matters to a client that waits for expiry itself; the server follows the send.
        { blockhash: t.blockhash as Blockhash, lastValidBlockHeight: 0n },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const bytes = getTransactionEncoder().encode(compileTransaction(message));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}
