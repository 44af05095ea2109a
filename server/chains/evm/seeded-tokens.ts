import { type Abi, getContractAddress, keccak256, parseAbi, toBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import type { TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import artifact from "./artifacts/SeededToken.json";

/**
 * The test tokens every local EVM devnet is seeded with (contracts/SeededToken.sol). They are
 * deployed by one devnet-only key at fixed nonces, so their addresses depend on nothing else: the
 * same on every machine and every chain id. The key is derived from a public constant on purpose —
 * anyone can compute it, which is harmless on a local devnet and the reason it must never hold
 * anything real.
 */
export const DEVNET_DEPLOYER_SEED = "latchkey:devnet-token-deployer";
export const DEVNET_DEPLOYER_KEY = keccak256(toBytes(DEVNET_DEPLOYER_SEED));
export const devnetDeployer = privateKeyToAccount(DEVNET_DEPLOYER_KEY);

export interface SeededToken {
  symbol: string;
  name: string;
  decimals: number;
  stable: boolean;
  /** The deployer's nonce that creates it, hence its address. */
  nonce: number;
  address: `0x${string}`;
}

const token = (t: Omit<SeededToken, "address">): SeededToken => ({
  ...t,
  address: getContractAddress({ from: devnetDeployer.address, nonce: BigInt(t.nonce) }),
});

/** In deployment order: each one's nonce follows the previous one's. */
export const SEEDED_TOKENS: readonly SeededToken[] = [
  token({ symbol: "USDC", name: "USD Coin (Latchkey devnet)", decimals: 6, stable: true, nonce: 0 }),
  token({ symbol: "WETH", name: "Wrapped Ether (Latchkey devnet)", decimals: 18, stable: false, nonce: 1 }),
];

export const SEEDED_TOKEN_BYTECODE = artifact.bytecode as `0x${string}`;
/** The whole contract ABI, errors included (OpenZeppelin's ERC-6093 ERC-20 errors and NotFaucet). */
export const SEEDED_TOKEN_ABI = artifact.abi as Abi;
export const ERC20_ABI = parseAbi([
  "function balanceOf(address owner) view returns (uint256)",
  "function transfer(address to, uint256 amount) returns (bool)",
  "function mint(address to, uint256 amount)",
]);

/** An ERC-20 token as CAIP-19: `<caip2>/erc20:<lower-case address>`. */
export const erc20Caip19 = (caip2: string, address: string) =>
  `${chainInfo(caip2)!.caip2}/erc20:${address.toLowerCase()}`;

/** The seeded tokens of one chain as list_supported_assets shows them. */
export function seededTokenAssets(caip2: string): TAssetMetadata[] {
  return SEEDED_TOKENS.map((t) => ({
    caip19: erc20Caip19(caip2, t.address),
    symbol: t.symbol,
    decimals: t.decimals,
    name: t.name,
    stable: t.stable,
  }));
}

/** The seeded token a CAIP-19 names on this chain (the address in any case), if any. */
export function findSeededToken(caip2: string, caip19: string): SeededToken | undefined {
  return SEEDED_TOKENS.find((t) => erc20Caip19(caip2, t.address) === caip19.toLowerCase());
}
