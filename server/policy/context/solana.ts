import { bytesToHex } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import { decodeHexField } from "../../encoding/hex";
import { InputError } from "../../encoding/input-error";
import type { PolicyValue } from "../types";
import { type ContractInterfaceRef, idlFor } from "./interfaces";
import { parseAnchorInstruction } from "./solana-anchor";
import { readSolanaMessage, type SolanaMessage } from "./solana-message";
import { splTransfer, systemTransfer } from "./solana-transfers";

/** What the reference shows in place of an address an on-chain lookup table supplies. */
export const ADDRESS_TABLE_LOOKUP = "ADDRESS_TABLE_LOOKUP";

interface AccountRef {
  key: string;
  signer: boolean;
  writable: boolean;
  /** Set when a lookup table supplies the account. */
  lookup?: { table: string; index: number };
}

/**
 * `solana.tx` of a serialized transaction (legacy or v0) as sign_transaction receives it, after the
 * reference's SolanaTransaction table and Turnkey's open-source parser (tkhq/solana-parser):
 * - `account_keys` are the message's static keys, then ADDRESS_TABLE_LOOKUP for each account a
 *   lookup table supplies (the reference: such addresses appear as that literal in account_keys,
 *   instruction accounts and transfers; the open-source parser lists static keys only), so
 *   `account_keys.all(k, k in [...])` cannot be passed by hiding an address in a table;
 * - `program_keys` are the static keys invoked as programs, in key order (as the parser does);
 * - an instruction's `accounts` keep their positions, a looked-up one being ADDRESS_TABLE_LOOKUP
 *   (never a signer; writable as its table entry says), and its `address_table_lookups` say which
 *   table entries it uses; `instruction_data_hex` is lower-case hex without 0x;
 * - a program id supplied by a lookup table is refused, as Turnkey does (instructions must be
 *   readable without on-chain data): a InputError, like a malformed transaction.
 */
export function solanaTransactionContext(
  unsignedTransactionHex: string,
  interfaces: readonly ContractInterfaceRef[],
): Record<string, PolicyValue> {
  const message = readSolanaMessage(decodeHexField(unsignedTransactionHex, "unsignedTransaction"));
  const staticKeys = message.staticKeys.map((key) => base58.encode(key));
  const invoked = new Set(message.instructions.map((instruction) => instruction.programIndex));
  const accounts = accountTable(message, staticKeys, invoked);

  const transfers: PolicyValue[] = [];
  const splTransfers: PolicyValue[] = [];
  const instructions = message.instructions.map((instruction, n) => {
    if (instruction.programIndex >= staticKeys.length) {
      throw new InputError(
        `unsignedTransaction instruction ${n} takes its program id from an address lookup table; program ids must be in the message`,
      );
    }
    const programKey = staticKeys[instruction.programIndex]!;
    const refs = instruction.accounts.map((index) => {
      const ref = accounts[index];
      if (!ref) {
        throw new InputError(
          `unsignedTransaction instruction ${n} names account ${index}, but the message has ${accounts.length}`,
        );
      }
      return ref;
    });
    const keys = refs.map((ref) => ref.key);
    const transfer = systemTransfer(programKey, keys, instruction.data);
    if (transfer) transfers.push(transfer);
    const spl = splTransfer(programKey, keys, instruction.data);
    if (spl) splTransfers.push(spl);

    const dataHex = bytesToHex(instruction.data);
    const idl = idlFor(interfaces, programKey);
    const parsed = idl ? parseAnchorInstruction(idl, keys, dataHex) : undefined;
    return {
      program_key: programKey,
      accounts: refs.map((ref) => ({ account_key: ref.key, signer: ref.signer, writable: ref.writable })),
      instruction_data_hex: dataHex,
      address_table_lookups: lookupsUsed(refs),
      ...(parsed ? { parsed_instruction_data: parsed } : {}),
    };
  });

  return {
    account_keys: accounts.map((ref) => ref.key),
    program_keys: staticKeys.filter((_, i) => invoked.has(i)),
    instructions,
    transfers,
    recent_blockhash: base58.encode(message.recentBlockhash),
    spl_transfers: splTransfers,
    address_table_lookups: message.lookups.map((lookup) => ({
      address_table_key: base58.encode(lookup.tableKey),
      writable_indexes: lookup.writable.map(BigInt),
      readonly_indexes: lookup.readonly.map(BigInt),
    })),
  };
}

/**
 * Every account index an instruction can name: the static keys, then each table's writable entries
 * (tables in order), then each table's read-only entries. Writability follows the message header;
 * a key invoked as a program is demoted to read-only, as the runtime does.
 */
function accountTable(message: SolanaMessage, staticKeys: string[], invoked: Set<number>): AccountRef[] {
  const signers = message.numRequiredSignatures;
  const accounts: AccountRef[] = staticKeys.map((key, i) => {
    const writableByHeader =
      i < signers
        ? i < signers - message.numReadonlySigned
        : i < staticKeys.length - message.numReadonlyUnsigned;
    return { key, signer: i < signers, writable: writableByHeader && !invoked.has(i) };
  });
  for (const writable of [true, false]) {
    for (const lookup of message.lookups) {
      const table = base58.encode(lookup.tableKey);
      for (const index of writable ? lookup.writable : lookup.readonly) {
        accounts.push({ key: ADDRESS_TABLE_LOOKUP, signer: false, writable, lookup: { table, index } });
      }
    }
  }
  return accounts;
}

/** The table entries an instruction's accounts come from, grouped by table in order of use. */
function lookupsUsed(refs: AccountRef[]): PolicyValue[] {
  const byTable = new Map<string, { writable: bigint[]; readonly: bigint[] }>();
  for (const ref of refs) {
    if (!ref.lookup) continue;
    const entry = byTable.get(ref.lookup.table) ?? { writable: [], readonly: [] };
    (ref.writable ? entry.writable : entry.readonly).push(BigInt(ref.lookup.index));
    byTable.set(ref.lookup.table, entry);
  }
  return [...byTable].map(([table, entry]) => ({
    address_table_key: table,
    writable_indexes: entry.writable,
    readonly_indexes: entry.readonly,
  }));
}
