import {
  type Address,
  decompileTransactionMessage,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Instruction,
  type InstructionWithData,
  type ReadonlyUint8Array,
} from "@solana/kit";
import {
  identifySystemInstruction,
  parseTransferSolInstruction,
  SYSTEM_PROGRAM_ADDRESS,
  SystemInstruction,
} from "@solana-program/system";
import {
  ASSOCIATED_TOKEN_PROGRAM_ADDRESS,
  AssociatedTokenInstruction,
  identifyAssociatedTokenInstruction,
  identifyTokenInstruction,
  parseCreateAssociatedTokenIdempotentInstruction,
  parseTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
  TokenInstruction,
} from "@solana-program/token";

/** One transfer read back from a transaction: to whom, how much, and of what (no mint: SOL). */
export interface SolanaTransferSummary {
  to: string;
  amount: bigint;
  mint?: string;
}

type DataInstruction = Instruction & InstructionWithData<ReadonlyUint8Array>;

function hexBytes(hex: string): Uint8Array {
  const clean = hex.startsWith("0x") ? hex.slice(2) : hex;
  return Uint8Array.from(clean.match(/../g) ?? [], (b) => Number.parseInt(b, 16));
}

/**
 * What a sent Solana transaction moved, for the list of sends: its SOL transfers and its SPL
 * transferChecked instructions, the latter named by the owner of the destination token account
 * when the same transaction created it (as the Send form's do). Anything else is not a transfer
 * and is left out; bytes that do not decode give an empty list rather than an error in a list row.
 */
export function summarizeSolanaTransfers(unsignedHex: string): SolanaTransferSummary[] {
  let instructions: readonly Instruction[];
  try {
    const { messageBytes } = getTransactionDecoder().decode(hexBytes(unsignedHex));
    instructions = decompileTransactionMessage(
      getCompiledTransactionMessageDecoder().decode(messageBytes),
    ).instructions;
  } catch {
    return [];
  }
  const owners = new Map<string, string>();
  const summaries: SolanaTransferSummary[] = [];
  for (const instruction of instructions as DataInstruction[]) {
    if (!instruction.data) continue;
    const program = instruction.programAddress;
    if (
      program === ASSOCIATED_TOKEN_PROGRAM_ADDRESS &&
      identifyAssociatedTokenInstruction(instruction) ===
        AssociatedTokenInstruction.CreateAssociatedTokenIdempotent
    ) {
      const { accounts } = parseCreateAssociatedTokenIdempotentInstruction(instruction as never);
      owners.set(accounts.ata.address, accounts.owner.address);
    } else if (
      program === SYSTEM_PROGRAM_ADDRESS &&
      identifySystemInstruction(instruction) === SystemInstruction.TransferSol
    ) {
      const { accounts, data } = parseTransferSolInstruction(instruction as never);
      summaries.push({ to: accounts.destination.address, amount: data.amount });
    } else if (
      program === TOKEN_PROGRAM_ADDRESS &&
      identifyTokenInstruction(instruction) === TokenInstruction.TransferChecked
    ) {
      const { accounts, data } = parseTransferCheckedInstruction(instruction as never);
      const account: Address = accounts.destination.address;
      summaries.push({
        to: owners.get(account) ?? account,
        amount: data.amount,
        mint: accounts.mint.address,
      });
    }
  }
  return summaries;
}
