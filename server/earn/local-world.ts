import { getContractAddress, keccak256, parseUnits, toBytes } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { SEEDED_TOKENS, type SeededToken } from "../chains/evm/seeded-tokens";

/**
 * The Earn world every local Earn chain is given at start-up: two "protocols" (a Morpho-like and an
 * Aave-like set of ERC-4626 vaults, contracts/LocalYieldVault.sol) over the seeded USDC and WETH,
 * each vault at its own yield rate, and the FeeWrapperFactory that deploys organizations' wrappers.
 * Everything is deployed by the devnet-only Earn operator at fixed nonces, so the addresses are
 * the same on every chain id and machine (keccak(rlp(operator, nonce))). The operator's key is
 * derived from a public constant, like the token deployer's: harmless on a local devnet, and the
 * reason it must never hold anything on a real network.
 */
export const EARN_OPERATOR_SEED = "latchkey:devnet-earn-operator";
export const earnOperator = privateKeyToAccount(keccak256(toBytes(EARN_OPERATOR_SEED)));

/** spec.md's Earn chains: the local devnets of these get the Earn world. */
export const EARN_CHAINS = ["eip155:1", "eip155:8453", "eip155:42161", "eip155:137"] as const;
export const isEarnChain = (caip2: string) => (EARN_CHAINS as readonly string[]).includes(caip2);

export type EarnProvider = "EARN_PROVIDER_MORPHO" | "EARN_PROVIDER_AAVE";

export interface LocalVault {
  provider: EarnProvider;
  token: SeededToken;
  /** The catalog's name (a Morpho vault's name; an Aave reserve's symbol) and curator. */
  name: string;
  curator: string;
  /** The on-chain ERC-20 name and symbol of the vault's shares. */
  shareName: string;
  shareSymbol: string;
  /** Simple annual rate in bps, compounded whenever the vault is touched. */
  rateBps: number;
  /** What the operator deposits once: the vault's TVL at start (base units). */
  seedDeposit: bigint;
  /** What the vault is given to pay interest from (base units). */
  reserve: bigint;
  nonce: number;
  address: `0x${string}`;
}

const [USDC, WETH] = SEEDED_TOKENS as [SeededToken, SeededToken];
const at = (nonce: number) => getContractAddress({ from: earnOperator.address, nonce: BigInt(nonce) });
const vault = (v: Omit<LocalVault, "address">): LocalVault => ({ ...v, address: at(v.nonce) });

/**
 * In deployment order (nonces 0–3). TVL at the illustrative prices (USDC 1, ETH 3000): the Morpho-like
 * vaults above the catalog's 100k USD minimum, the Aave-like ones below it, so the catalog shows
 * both the listing and the cut.
 */
export const LOCAL_VAULTS: readonly LocalVault[] = [
  vault({
    provider: "EARN_PROVIDER_MORPHO",
    token: USDC,
    name: "Latchkey Devnet Prime USDC",
    curator: "Latchkey Devnet Curators",
    shareName: "Morpho-like devnet USDC vault",
    shareSymbol: "dmUSDC",
    rateBps: 650,
    seedDeposit: parseUnits("2500000", 6),
    reserve: parseUnits("100000000", 6),
    nonce: 0,
  }),
  vault({
    provider: "EARN_PROVIDER_AAVE",
    token: USDC,
    name: "USDC",
    curator: "",
    shareName: "Aave-like devnet USDC vault",
    shareSymbol: "daUSDC",
    rateBps: 420,
    seedDeposit: parseUnits("60000", 6),
    reserve: parseUnits("100000000", 6),
    nonce: 1,
  }),
  vault({
    provider: "EARN_PROVIDER_MORPHO",
    token: WETH,
    name: "Latchkey Devnet Prime WETH",
    curator: "Latchkey Devnet Curators",
    shareName: "Morpho-like devnet WETH vault",
    shareSymbol: "dmWETH",
    rateBps: 310,
    seedDeposit: parseUnits("40", 18),
    reserve: parseUnits("100000", 18),
    nonce: 2,
  }),
  vault({
    provider: "EARN_PROVIDER_AAVE",
    token: WETH,
    name: "WETH",
    curator: "",
    shareName: "Aave-like devnet WETH vault",
    shareSymbol: "daWETH",
    rateBps: 240,
    seedDeposit: parseUnits("12", 18),
    reserve: parseUnits("100000", 18),
    nonce: 3,
  }),
];

/** The operator fee every wrapper deployed on the local world takes (the factory's setting). */
export const LOCAL_OPERATOR_FEE_BPS = 500;

export const LOCAL_FACTORY = { nonce: 4, address: at(4) } as const;
