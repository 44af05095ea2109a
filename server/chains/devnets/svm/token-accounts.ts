import { type Address, isSome } from "@solana/kit";
import { getMintDecoder, getTokenDecoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { LiteSVM } from "litesvm";

/** The SPL Token program's account sizes: a token account is 165 bytes, a mint 82. */
const TOKEN_ACCOUNT_SIZE = 165;
const MINT_SIZE = 82;

export interface UiTokenAmount {
  amount: string;
  decimals: number;
  uiAmount: number | null;
  uiAmountString: string;
}

/** A token amount as Solana's RPC shows it: base units as a string, and for people. */
export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const scale = 10n ** BigInt(decimals);
  const fraction = (amount % scale).toString().padStart(decimals, "0").replace(/0+$/, "");
  const uiAmountString = fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

export interface TokenAccount {
  mint: Address;
  owner: Address;
  amount: bigint;
  decimals: number;
  state: "uninitialized" | "initialized" | "frozen";
  isNative: boolean;
}

const STATES = ["uninitialized", "initialized", "frozen"] as const;

/** The account at `address` read as an SPL token account (with its mint's decimals), if it is one. */
export function readTokenAccount(svm: LiteSVM, address: Address): TokenAccount | undefined {
  const account = svm.getAccount(address);
  if (!account.exists || account.programAddress !== TOKEN_PROGRAM_ADDRESS) return undefined;
  if (account.data.length !== TOKEN_ACCOUNT_SIZE) return undefined;
  const token = getTokenDecoder().decode(account.data);
  const mint = readMint(svm, token.mint);
  return {
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    decimals: mint?.decimals ?? 0,
    state: STATES[token.state] ?? "uninitialized",
    isNative: isSome(token.isNative),
  };
}

export function readMint(svm: LiteSVM, address: Address) {
  const account = svm.getAccount(address);
  if (
    !account.exists ||
    account.programAddress !== TOKEN_PROGRAM_ADDRESS ||
    account.data.length !== MINT_SIZE
  ) {
    return undefined;
  }
  return getMintDecoder().decode(account.data);
}

/** `jsonParsed` of a token account, as Solana's RPC parses it. */
export function parsedTokenAccount(token: TokenAccount) {
  return {
    program: "spl-token",
    parsed: {
      type: "account",
      info: {
        isNative: token.isNative,
        mint: token.mint,
        owner: token.owner,
        state: token.state,
        tokenAmount: uiTokenAmount(token.amount, token.decimals),
      },
    },
    space: TOKEN_ACCOUNT_SIZE,
  };
}

/** `jsonParsed` of a mint. */
export function parsedMint(mint: NonNullable<ReturnType<typeof readMint>>) {
  return {
    program: "spl-token",
    parsed: {
      type: "mint",
      info: {
        decimals: mint.decimals,
        freezeAuthority: isSome(mint.freezeAuthority) ? mint.freezeAuthority.value : null,
        isInitialized: mint.isInitialized,
        mintAuthority: isSome(mint.mintAuthority) ? mint.mintAuthority.value : null,
        supply: mint.supply.toString(),
      },
    },
    space: MINT_SIZE,
  };
}

export interface TokenBalance {
  accountIndex: number;
  mint: string;
  owner: string;
  programId: string;
  uiTokenAmount: UiTokenAmount;
}

/** A transaction's pre/postTokenBalances: the token accounts among its keys, as they are now. */
export function tokenBalances(svm: LiteSVM, keys: readonly Address[]): TokenBalance[] {
  const balances: TokenBalance[] = [];
  keys.forEach((key, accountIndex) => {
    const token = readTokenAccount(svm, key);
    if (!token) return;
    balances.push({
      accountIndex,
      mint: token.mint,
      owner: token.owner,
      programId: TOKEN_PROGRAM_ADDRESS,
      uiTokenAmount: uiTokenAmount(token.amount, token.decimals),
    });
  });
  return balances;
}
