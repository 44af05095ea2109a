import { CHAINS, type ChainInfo } from "../api/chains";

/**
 * The chains an account's address lives on: an Ethereum address on every EVM chain, a Solana
 * address on both Solana clusters; any other format on none Latchkey sends to.
 */
export function chainsOfAccount(addressFormat: string): readonly ChainInfo[] {
  if (addressFormat === "ADDRESS_FORMAT_ETHEREUM") return CHAINS.filter((c) => c.family === "evm");
  if (addressFormat === "ADDRESS_FORMAT_SOLANA") return CHAINS.filter((c) => c.family === "svm");
  return [];
}
