import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { CHAINS, type ChainInfo } from "@/lib/api/chains";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import type { UsdPrices } from "../gas-station/prices";
import type { ContractInterfaceRef } from "../policy/context/interfaces";

/** What the decoder knows beyond the bytes: the organization's registered interfaces and prices. */
export interface DecodeEnvironment {
  /** Registered smart contract interfaces (Ethereum ABIs and Solana IDLs alike). */
  interfaces: readonly ContractInterfaceRef[];
  usdPrices: UsdPrices;
}

export interface KnownToken {
  symbol: string;
  decimals: number;
}

/**
 * Tokens whose symbol and decimals are known without asking a chain: the local devnets' seeded
 * tokens (at the same address on every chain id: see seeded-tokens.ts). Anything else is shown in
 * base units with its address.
 */
export function knownEvmToken(address: string | undefined): KnownToken | undefined {
  if (!address) return undefined;
  const token = SEEDED_TOKENS.find((t) => t.address.toLowerCase() === address.toLowerCase());
  return token && { symbol: token.symbol, decimals: token.decimals };
}

export function knownSplMint(mint: string | undefined): KnownToken | undefined {
  return mint === DEVNET_USDC_MINT ? { symbol: "USDC", decimals: 6 } : undefined;
}

export function evmChain(chainId: number | bigint | undefined): ChainInfo | undefined {
  return chainId === undefined ? undefined : CHAINS.find((c) => c.chainId === Number(chainId));
}

/** "Ethereum", "chain 31337", or a warning-worthy "any chain" for a chain id of 0 or none. */
export function evmChainName(chainId: number | bigint | undefined): string {
  if (chainId === undefined || BigInt(chainId) === 0n) return "any chain";
  return evmChain(chainId)?.name ?? `chain ${chainId}`;
}

/** " ($750.00)" when the coin's price is configured, else "". */
export function usdSuffix(prices: UsdPrices, symbol: string, units: bigint, decimals: number): string {
  const price = prices[symbol.toUpperCase()];
  if (price === undefined || units === 0n) return "";
  const cents = (units * price) / 10n ** BigInt(decimals) / 10_000n;
  const dollars = (cents / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return ` ($${dollars}.${(cents % 100n).toString().padStart(2, "0")})`;
}
