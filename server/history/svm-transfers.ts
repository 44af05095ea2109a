import { getBase58Encoder } from "@solana/kit";
import type { TAssetMetadata } from "@/lib/api/assets";
import type { SvmInstruction, SvmTokenBalance, SvmTransaction } from "../chains/svm/adapter";
import type { StoredTransfer } from "../db/schema";

const SYSTEM_PROGRAM = "11111111111111111111111111111111";
const TOKEN_PROGRAMS = new Set([
  "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
  "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb",
]);
// System program instruction indexes (u32 little-endian) that move lamports with a plain layout.
const SYSTEM_CREATE_ACCOUNT = 0;
const SYSTEM_TRANSFER = 2;
const SYSTEM_TRANSFER_WITH_SEED = 11;
// SPL Token (and Token-2022, same layout) instruction tags.
const TOKEN_TRANSFER = 3;
const TOKEN_MINT_TO = 7;
const TOKEN_TRANSFER_CHECKED = 12;
const TOKEN_MINT_TO_CHECKED = 14;

interface TokenAccount {
  mint: string;
  owner?: string;
  decimals: number;
}

/** Every account of the transaction by index: the message's keys, then those loaded from lookup tables. */
export function accountKeysOf(tx: SvmTransaction): string[] {
  const loaded = tx.meta?.loadedAddresses;
  return [...tx.transaction.message.accountKeys, ...(loaded?.writable ?? []), ...(loaded?.readonly ?? [])];
}

/** Top-level instructions and those programs called (inner), in execution order. */
function allInstructions(tx: SvmTransaction): SvmInstruction[] {
  const inner = new Map((tx.meta?.innerInstructions ?? []).map((i) => [i.index, i.instructions]));
  return tx.transaction.message.instructions.flatMap((ix, index) => [ix, ...(inner.get(index) ?? [])]);
}

/** Token accounts the transaction touched, from its pre/post token balances. */
function tokenAccountsOf(tx: SvmTransaction, keys: string[]): Map<string, TokenAccount> {
  const accounts = new Map<string, TokenAccount>();
  const balances: SvmTokenBalance[] = [
    ...(tx.meta?.preTokenBalances ?? []),
    ...(tx.meta?.postTokenBalances ?? []),
  ];
  for (const b of balances) {
    const key = keys[b.accountIndex];
    if (key) accounts.set(key, { mint: b.mint, owner: b.owner, decimals: b.uiTokenAmount.decimals });
  }
  return accounts;
}

const u64At = (data: Uint8Array, offset: number) =>
  data.length >= offset + 8
    ? new DataView(data.buffer, data.byteOffset).getBigUint64(offset, true)
    : undefined;

/**
 * What a successful transaction moved to or from `owner`, relative to it: SOL by the System program's
 * transfers and account creations, SPL tokens by Token/Token-2022 transfers and mints into an account
 * `owner` holds (`ownTokenAccounts`, or any whose balance entry names it as owner). Read from the
 * instructions, top-level and inner, so a transfer made by another program counts too. Fees are not
 * transfers (the history shows them apart); a failed transaction moved nothing.
 */
export function transfersOf(
  tx: SvmTransaction,
  owner: string,
  ownTokenAccounts: ReadonlySet<string>,
  knownAssets: ReadonlyMap<string, TAssetMetadata>,
  caip2: string,
): StoredTransfer[] {
  if (!tx.meta || tx.meta.err !== null) return [];
  const keys = accountKeysOf(tx);
  const tokens = tokenAccountsOf(tx, keys);
  const owns = (account: string) => ownTokenAccounts.has(account) || tokens.get(account)?.owner === owner;
  const base58 = getBase58Encoder();
  const transfers: StoredTransfer[] = [];
  const native = (from: string, to: string, lamports: bigint) => {
    if (lamports === 0n) return;
    const amount = lamports.toString();
    if (from === owner)
      transfers.push({ direction: "OUT", amount, counterparty: to, asset: { caip19: "native" } });
    if (to === owner)
      transfers.push({ direction: "IN", amount, counterparty: from, asset: { caip19: "native" } });
  };
  const token = (
    source: string | undefined,
    destination: string,
    mint: string | undefined,
    amount: bigint,
  ) => {
    const account = tokens.get(destination) ?? (source ? tokens.get(source) : undefined);
    const tokenMint = mint ?? account?.mint;
    if (!tokenMint || amount === 0n) return;
    const caip19 = `${caip2}/token:${tokenMint}`;
    const known = knownAssets.get(caip19);
    const asset = known
      ? { caip19, symbol: known.symbol, name: known.name, decimals: known.decimals }
      : { caip19, ...(account ? { decimals: account.decimals } : {}) };
    const holder = (a: string) => tokens.get(a)?.owner ?? a;
    if (source && owns(source))
      transfers.push({
        direction: "OUT",
        amount: amount.toString(),
        counterparty: holder(destination),
        asset,
      });
    if (owns(destination))
      transfers.push({
        direction: "IN",
        amount: amount.toString(),
        // A mint has no sending account: the mint itself is the other side.
        counterparty: source ? holder(source) : tokenMint,
        asset,
      });
  };

  for (const ix of allInstructions(tx)) {
    const program = keys[ix.programIdIndex];
    const accounts = ix.accounts.map((i) => keys[i] ?? "");
    let data: Uint8Array;
    try {
      data = base58.encode(ix.data) as Uint8Array;
    } catch {
      continue; // not base58: not an instruction this can read
    }
    if (program === SYSTEM_PROGRAM && data.length >= 12) {
      const kind = new DataView(data.buffer, data.byteOffset).getUint32(0, true);
      const lamports = u64At(data, 4)!;
      if (kind === SYSTEM_TRANSFER || kind === SYSTEM_CREATE_ACCOUNT)
        native(accounts[0]!, accounts[1]!, lamports);
      else if (kind === SYSTEM_TRANSFER_WITH_SEED) native(accounts[0]!, accounts[2]!, lamports);
    } else if (program && TOKEN_PROGRAMS.has(program)) {
      const amount = u64At(data, 1);
      if (amount === undefined) continue;
      if (data[0] === TOKEN_TRANSFER) token(accounts[0], accounts[1]!, undefined, amount);
      else if (data[0] === TOKEN_TRANSFER_CHECKED) token(accounts[0], accounts[2]!, accounts[1], amount);
      else if (data[0] === TOKEN_MINT_TO || data[0] === TOKEN_MINT_TO_CHECKED)
        token(undefined, accounts[1]!, accounts[0], amount);
    }
  }
  return transfers;
}
