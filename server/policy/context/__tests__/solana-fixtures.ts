import { bytesToHex } from "@noble/hashes/utils.js";
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { expect } from "vitest";
import { conformanceProblems } from "../conforms";
import type { ContractInterfaceRef } from "../interfaces";
import { CONDITION_SCHEMA } from "../schema";
import { solanaTransactionContext } from "../solana";

/** Accounts, amounts and transaction builders the solana.tx tests share. */

export const SYSTEM = SystemProgram.programId;
export const TOKEN = new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
export const TOKEN_2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
export const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
export const payer = key(1);
export const bob = key(2);
export const source = key(3);
export const mint = key(4);
export const destination = key(5);
export const multisig = key(6);
export const cosigner1 = key(7);
export const cosigner2 = key(8);
export const BLOCKHASH = key(9).toBase58();
export const LAMPORTS = 1_500_000_000n;
export const AMOUNT = 18_000_000_000_000_000_000n; // over 2^63: a u64 read as unsigned

export const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};
export const data = (...parts: ArrayLike<number>[]) => Buffer.from(parts.flatMap((p) => Array.from(p)));
export const meta = (pubkey: PublicKey, isWritable: boolean, isSigner = false) => ({
  pubkey,
  isWritable,
  isSigner,
});

/** spl-token's TransferChecked (12): source, mint, destination, owner; amount u64, decimals u8. */
export const transferChecked = (programId = TOKEN) =>
  new TransactionInstruction({
    programId,
    keys: [meta(source, true), meta(mint, false), meta(destination, true), meta(payer, false, true)],
    data: data([12], u64(AMOUNT), [6]),
  });

/** solanaTransactionContext, checked against the condition schema on the way. */
export function solanaTx(serialized: Uint8Array, interfaces: ContractInterfaceRef[] = []) {
  const tx = solanaTransactionContext(bytesToHex(serialized), interfaces);
  expect(conformanceProblems({ solana: { tx } }, CONDITION_SCHEMA)).toEqual([]);
  return tx as Record<string, unknown> & {
    instructions: Record<string, unknown>[];
    transfers: unknown[];
    spl_transfers: unknown[];
  };
}

export function legacy(...instructions: TransactionInstruction[]): Uint8Array {
  const transaction = new Transaction({ feePayer: payer, recentBlockhash: BLOCKHASH }).add(...instructions);
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
}
