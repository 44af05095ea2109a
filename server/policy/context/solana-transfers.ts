import type { PolicyValue } from "../types";

export const SYSTEM_PROGRAM = "11111111111111111111111111111111";
export const TOKEN_PROGRAM = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
export const TOKEN_2022_PROGRAM = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

/** System Program instruction 2 (u32 LE), then lamports (u64 LE). */
const SYSTEM_TRANSFER = 2;
/** Token / Token-2022 instruction tags (first byte). */
const TOKEN_TRANSFER = 3;
const TOKEN_TRANSFER_CHECKED = 12;
/** Token-2022 transfer-fee extension (26), its instruction 1: TransferCheckedWithFee. */
const TRANSFER_FEE_EXTENSION = 26;
const TRANSFER_CHECKED_WITH_FEE = 1;

/**
 * `solana.tx.transfers`: a top-level System Program Transfer, as the reference counts them (not
 * TransferWithSeed, not transfers made inside other programs). `accounts` are the instruction's
 * account keys in order (ADDRESS_TABLE_LOOKUP where a lookup table supplies one).
 */
export function systemTransfer(programKey: string, accounts: string[], data: Uint8Array) {
  if (programKey !== SYSTEM_PROGRAM || data.length < 12 || accounts.length < 2) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  if (view.getUint32(0, true) !== SYSTEM_TRANSFER) return undefined;
  return { from: accounts[0]!, to: accounts[1]!, amount: view.getBigUint64(4, true) };
}

/**
 * `solana.tx.spl_transfers`: a top-level Transfer, TransferChecked or TransferCheckedWithFee of the
 * Token or Token-2022 program, with the account layout of spl-token's instruction.rs (the same
 * positions tkhq/solana-parser reads): Transfer = source, destination, owner, signers…; the checked
 * forms = source, mint, destination, owner, signers…. Plain Transfer names no mint: `token_mint`
 * is absent then. Malformed data or too few accounts: not a transfer.
 */
export function splTransfer(programKey: string, accounts: string[], data: Uint8Array) {
  if (programKey !== TOKEN_PROGRAM && programKey !== TOKEN_2022_PROGRAM) return undefined;
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const transfer: Record<string, PolicyValue> = {};
  if (data[0] === TOKEN_TRANSFER && data.length >= 9 && accounts.length >= 3) {
    transfer.amount = view.getBigUint64(1, true);
    return {
      ...transfer,
      from: accounts[0]!,
      to: accounts[1]!,
      owner: accounts[2]!,
      signers: accounts.slice(3),
    };
  }
  let decimalsAt: number;
  if (data[0] === TOKEN_TRANSFER_CHECKED && data.length >= 10) {
    transfer.amount = view.getBigUint64(1, true);
    decimalsAt = 9;
  } else if (
    data[0] === TRANSFER_FEE_EXTENSION &&
    data[1] === TRANSFER_CHECKED_WITH_FEE &&
    data.length >= 19 &&
    programKey === TOKEN_2022_PROGRAM
  ) {
    transfer.amount = view.getBigUint64(2, true);
    decimalsAt = 10;
    transfer.fee = view.getBigUint64(11, true);
  } else {
    return undefined;
  }
  if (accounts.length < 4) return undefined;
  return {
    ...transfer,
    decimals: BigInt(data[decimalsAt]!),
    from: accounts[0]!,
    token_mint: accounts[1]!,
    to: accounts[2]!,
    owner: accounts[3]!,
    signers: accounts.slice(4),
  };
}
