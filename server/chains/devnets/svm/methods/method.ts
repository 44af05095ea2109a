import type { SvmLedger } from "../ledger";

/** One JSON-RPC method of the local Solana devnet: positional params in, the `result` out. */
export type Method = (ledger: SvmLedger, params: unknown[], cluster: Cluster) => unknown;

/** Which cluster a devnet plays: its canonical caip2 and the genesis hash getGenesisHash answers. */
export interface Cluster {
  caip2: string;
  genesisHash: string;
}
export type Methods = Record<string, Method>;
