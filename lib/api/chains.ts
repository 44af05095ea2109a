/**
 * The chains Latchkey can send to. Each has a local devnet started by the app unless an RPC URL is
 * configured for it (LATCHKEY_RPC_URLS). EVM chains are told apart by their EIP-155 id; the two
 * Solana clusters by their genesis hash, under the six caip2 spellings spec.md accepts.
 */
export type ChainFamily = "evm" | "svm";

export interface ChainInfo {
  /** Canonical CAIP-2 id. */
  caip2: string;
  family: ChainFamily;
  name: string;
  /** EIP-155 chain id (EVM only). */
  chainId?: number;
  /** The cluster's genesis hash, whose first 32 characters are its caip2 reference (Solana only). */
  genesisHash?: string;
  nativeSymbol: string;
  nativeDecimals: number;
}

const evm = (chainId: number, name: string, nativeSymbol = "ETH"): ChainInfo => ({
  caip2: `eip155:${chainId}`,
  family: "evm",
  name,
  chainId,
  nativeSymbol,
  nativeDecimals: 18,
});

export const SOLANA_MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
export const SOLANA_DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";

export const CHAINS: readonly ChainInfo[] = [
  evm(1, "Ethereum"),
  evm(8453, "Base"),
  evm(42161, "Arbitrum One"),
  evm(137, "Polygon", "POL"),
  evm(11155111, "Sepolia"),
  evm(84532, "Base Sepolia"),
  {
    caip2: SOLANA_MAINNET,
    family: "svm",
    name: "Solana",
    genesisHash: "5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d",
    nativeSymbol: "SOL",
    nativeDecimals: 9,
  },
  {
    caip2: SOLANA_DEVNET,
    family: "svm",
    name: "Solana Devnet",
    genesisHash: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
    nativeSymbol: "SOL",
    nativeDecimals: 9,
  },
];

/** Every other spelling of a Solana cluster, to its canonical caip2 (spec.md, sol_send_transaction rule 1). */
const SOLANA_ALIASES: Record<string, string> = {
  "solana:mainnet": SOLANA_MAINNET,
  "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d": SOLANA_MAINNET,
  "solana:devnet": SOLANA_DEVNET,
  "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG": SOLANA_DEVNET,
};

/** The canonical caip2 of any accepted spelling, or undefined for a chain Latchkey does not know. */
export function canonicalCaip2(caip2: string): string | undefined {
  const canonical = SOLANA_ALIASES[caip2] ?? caip2;
  return CHAINS.some((c) => c.caip2 === canonical) ? canonical : undefined;
}

export function chainInfo(caip2: string): ChainInfo | undefined {
  const canonical = canonicalCaip2(caip2);
  return CHAINS.find((c) => c.caip2 === canonical);
}
