import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type TransactionSigner,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import type { SolanaSwapAsset } from "./solana-assets";
import { marketMaker } from "./solana-market-maker";

const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

export interface RfqFill {
  input: SolanaSwapAsset;
  output: SolanaSwapAsset;
  /** The user: fee payer (first signature, so the transaction's id is theirs) and trader. */
  signer: string;
  inputAmount: bigint;
  /** What the user receives, after the client fee. */
  outputAmount: bigint;
  /** The client fee, in the output asset, paid to `feeReceiver` in the same transaction. */
  fee: bigint;
  feeReceiver: string | undefined;
  blockhash: { blockhash: string; lastValidBlockHeight: number };
  quoteId: string;
}

const ataOf = async (owner: string, mint: string) =>
  (
    await findAssociatedTokenPda({
      owner: address(owner),
      mint: address(mint),
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
  )[0];

/** Move `amount` of `asset` from `from` to `to`; the market maker pays for a token account `to` lacks. */
async function move(
  asset: SolanaSwapAsset,
  from: TransactionSigner,
  to: string,
  amount: bigint,
  rentPayer: TransactionSigner,
): Promise<Instruction[]> {
  if (asset.mint === undefined) {
    return [getTransferSolInstruction({ source: from, destination: address(to), amount })];
  }
  const mint = address(asset.mint);
  const destination = await ataOf(to, asset.mint);
  return [
    getCreateAssociatedTokenIdempotentInstruction({
      payer: rentPayer,
      ata: destination,
      owner: address(to),
      mint,
    }),
    getTransferCheckedInstruction({
      source: await ataOf(from.address, asset.mint),
      mint,
      destination,
      authority: from,
      amount,
      decimals: asset.decimals,
    }),
  ];
}

/**
 * The atomic fill as one v0 transaction: the user's input to the market maker, the market maker's
 * output to the user and its fee to the receiver, and a memo naming the quote (so two equal quotes
 * are two transactions). Co-signed here by the market maker; the user's slot stays empty for the
 * ordinary send path to fill. Its blockhash bounds its life: it cannot land once that expires.
 * Returns the wire bytes as hex, as sol_send_transaction takes them.
 */
export async function buildRfqFill(fill: RfqFill): Promise<string> {
  const maker = await marketMaker();
  const user = createNoopSigner(address(fill.signer) as Address);
  const instructions = [
    ...(await move(fill.input, user, maker.address, fill.inputAmount, maker)),
    ...(await move(fill.output, maker, fill.signer, fill.outputAmount, maker)),
    ...(fill.fee > 0n && fill.feeReceiver
      ? await move(fill.output, maker, fill.feeReceiver, fill.fee, maker)
      : []),
    { programAddress: MEMO_PROGRAM, data: new TextEncoder().encode(`latchkey swap ${fill.quoteId}`) },
  ];
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(user.address, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        {
          blockhash: fill.blockhash.blockhash as never,
          lastValidBlockHeight: BigInt(fill.blockhash.lastValidBlockHeight),
        },
        m,
      ),
    (m) => appendTransactionMessageInstructions(instructions, m),
  );
  const signed = await partiallySignTransaction([maker.keyPair], compileTransaction(message));
  return Buffer.from(getTransactionEncoder().encode(signed)).toString("hex");
}
