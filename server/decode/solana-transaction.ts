import { solanaTransactionContext } from "../policy/context/solana";
import { SYSTEM_PROGRAM, TOKEN_2022_PROGRAM, TOKEN_PROGRAM } from "../policy/context/solana-transfers";
import type { PolicyValue } from "../policy/types";
import { type DecodeEnvironment, knownSplMint, usdSuffix } from "./environment";
import { amount, short, valueNode } from "./format";
import type { DecodedNode, DecodedTree } from "./tree";

type Struct = Record<string, PolicyValue>;

/** Programs whose instructions only tune the transaction: not worth a warning when left undecoded. */
const HARMLESS: Record<string, string> = {
  ComputeBudget111111111111111111111111111111: "Compute budget",
  ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL: "Associated token account",
};

/**
 * A Solana transaction (legacy or v0) by instruction: System transfers and SPL token transfers
 * spelled out, Anchor instructions named through a registered IDL, anything else flagged. Read by
 * the policy engine's own solana.tx decoder.
 */
export function decodeSolanaTransaction(hex: string, env: DecodeEnvironment): DecodedTree {
  const tx = solanaTransactionContext(hex, env.interfaces);
  const lines: string[] = [];
  const unknown: string[] = [];
  const instructions = (tx.instructions as Struct[]).map((instruction, i): DecodedNode => {
    const program = String(instruction.program_key);
    const parsed = instruction.parsed_instruction_data as Struct | undefined;
    const line =
      describeInstruction(program, tx, instruction, env) ??
      (parsed ? `${parsed.instruction_name} (registered IDL) on ${short(program)}` : undefined);
    if (line) lines.push(line);
    else if (!HARMLESS[program]) unknown.push(`instruction ${i} (program ${program})`);
    return {
      label: `Instruction ${i}`,
      value: line ?? HARMLESS[program] ?? `program ${program}: not decoded`,
      children: [
        { label: "Program", value: program },
        ...(parsed
          ? [valueNode("Decoded (IDL)", parsed)]
          : [{ label: "Data", value: `${instruction.instruction_data_hex}` || "(none)" }]),
        {
          label: "Accounts",
          children: (instruction.accounts as Struct[]).map((a, n) => ({
            label: `[${n}]`,
            value: `${a.account_key}${a.signer ? " (signer)" : ""}${a.writable ? " (writable)" : ""}`,
          })),
        },
      ],
    };
  });
  const headline =
    lines.length === 0
      ? "Solana transaction with no decoded instruction"
      : lines.length === 1
        ? lines[0]!
        : `${lines.length} actions: ${lines.join("; ")}`;
  return {
    kind: "solana-transaction",
    headline,
    fields: [
      { label: "Fee payer", value: String((tx.account_keys as string[])[0] ?? "") },
      { label: "Recent blockhash", value: String(tx.recent_blockhash) },
      { label: "Instructions", children: instructions },
    ],
    ...(unknown.length
      ? {
          warning: `Not decoded: ${unknown.join(", ")}. Latchkey cannot show what ${unknown.length === 1 ? "it does" : "they do"}.`,
        }
      : {}),
  };
}

/** One line for a System transfer or SPL transfer instruction, from solana.tx's transfer lists. */
function describeInstruction(
  program: string,
  tx: Struct,
  instruction: Struct,
  env: DecodeEnvironment,
): string | undefined {
  const keys = (instruction.accounts as Struct[]).map((a) => String(a.account_key));
  if (program === SYSTEM_PROGRAM) {
    const transfer = (tx.transfers as Struct[]).find((t) => t.from === keys[0] && t.to === keys[1]);
    if (!transfer) return undefined;
    const lamports = transfer.amount as bigint;
    return `Send ${amount(lamports, 9)} SOL${usdSuffix(env.usdPrices, "SOL", lamports, 9)} to ${short(String(transfer.to))}`;
  }
  if (program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM) {
    const spl = (tx.spl_transfers as Struct[]).find((t) => t.from === keys[0]);
    if (!spl) return undefined;
    const mint = spl.token_mint as string | undefined;
    const known = knownSplMint(mint);
    const decimals = spl.decimals !== undefined ? Number(spl.decimals) : known?.decimals;
    const units = spl.amount as bigint;
    const what =
      decimals !== undefined
        ? `${amount(units, decimals)} ${known?.symbol ?? `of token ${short(mint ?? "?")}`}`
        : `${units} base units of the source account's token`;
    return `Send ${what} to token account ${short(String(spl.to))}`;
  }
  return undefined;
}
