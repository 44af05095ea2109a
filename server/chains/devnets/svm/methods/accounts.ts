import type { Address } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import type { SvmLedger } from "../ledger";
import { addressParam, configParam, integerParam, stringListParam, withContext } from "../params";
import { invalidParams } from "../rpc-errors";
import { parsedMint, parsedTokenAccount, readMint, readTokenAccount, uiTokenAmount } from "../token-accounts";
import { toBase58, toBase64 } from "../wire";
import type { Methods } from "./method";

/** Every account is rent-exempt here; Solana reports such accounts' rentEpoch as u64::MAX. */
const RENT_EXEMPT_EPOCH = 2n ** 64n - 1n;
const TOKEN_2022 = "TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb";

function encodeData(data: Uint8Array, encoding: unknown, dataSlice: unknown): [string, string] {
  let bytes = data;
  if (dataSlice !== undefined) {
    const { offset, length } = dataSlice as { offset?: unknown; length?: unknown };
    if (!Number.isInteger(offset) || !Number.isInteger(length)) {
      throw invalidParams("dataSlice must be {offset, length} with integers");
    }
    bytes = data.subarray(Number(offset), Number(offset) + Number(length));
  }
  if (encoding === "base64" || encoding === "jsonParsed") return [toBase64(bytes), "base64"];
  if (bytes.length > 128) {
    throw invalidParams(
      "Encoded binary (base 58) data should be less than 128 bytes, please use Base64 encoding.",
    );
  }
  return [toBase58(bytes), "base58"];
}

/** An account as getAccountInfo shows it, in the requested encoding (jsonParsed for SPL token accounts and mints). */
export function encodeAccount(ledger: SvmLedger, address: Address, config: Record<string, unknown>) {
  const { encoding, dataSlice } = config;
  if (encoding !== undefined && !["base58", "base64", "jsonParsed"].includes(String(encoding))) {
    throw invalidParams(`unsupported encoding ${String(encoding)}; use base58, base64 or jsonParsed`);
  }
  const account = ledger.svm.getAccount(address);
  if (!account.exists) return null;
  let data: unknown;
  if (encoding === "jsonParsed" && account.programAddress === TOKEN_PROGRAM_ADDRESS) {
    const token = readTokenAccount(ledger.svm, address);
    const mint = token ? undefined : readMint(ledger.svm, address);
    data = token ? parsedTokenAccount(token) : mint ? parsedMint(mint) : undefined;
  }
  return {
    data: data ?? encodeData(account.data as Uint8Array, encoding, dataSlice),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: account.data.length,
  };
}

export const accountMethods: Methods = {
  getBalance: (ledger, params) => withContext(ledger, ledger.balance(addressParam(params, 0))),

  getAccountInfo: (ledger, params) =>
    withContext(ledger, encodeAccount(ledger, addressParam(params, 0), configParam(params, 1))),

  getMultipleAccounts(ledger, params) {
    const addresses = stringListParam(params, 0, "addresses", 100).map((_, i) =>
      addressParam(params[0] as unknown[], i, `addresses[${i}]`),
    );
    const config = configParam(params, 1);
    return withContext(
      ledger,
      addresses.map((a) => encodeAccount(ledger, a, config)),
    );
  },

  getMinimumBalanceForRentExemption: (ledger, params) =>
    ledger.svm.minimumBalanceForRentExemption(integerParam(params, 0, "data length", 10n * 1024n * 1024n)),

  getTokenAccountBalance(ledger, params) {
    const token = readTokenAccount(ledger.svm, addressParam(params, 0, "token account"));
    if (!token) throw invalidParams("Invalid param: not a Token account");
    return withContext(ledger, uiTokenAmount(token.amount, token.decimals));
  },

  getTokenAccountsByOwner(ledger, params) {
    const owner = addressParam(params, 0, "owner");
    const filter = configParam(params, 1);
    const config = configParam(params, 2);
    const mint = filter.mint === undefined ? undefined : addressParam([filter.mint], 0, "mint");
    const programId =
      filter.programId === undefined ? undefined : addressParam([filter.programId], 0, "programId");
    if ((mint === undefined) === (programId === undefined)) {
      throw invalidParams("the filter must be exactly one of {mint} or {programId}");
    }
    if (programId !== undefined && programId !== TOKEN_PROGRAM_ADDRESS && programId !== TOKEN_2022) {
      throw invalidParams(`unrecognized Token program id ${programId}`);
    }
    const value = ledger.svm
      .getProgramAccounts(TOKEN_PROGRAM_ADDRESS)
      .filter((account) => {
        const token = readTokenAccount(ledger.svm, account.address);
        return token && token.owner === owner && (mint === undefined || token.mint === mint);
      })
      .map((account) => ({
        pubkey: account.address,
        account: encodeAccount(ledger, account.address, config),
      }));
    return withContext(ledger, value);
  },
};
