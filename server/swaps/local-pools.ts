import {
  type Abi,
  getContractAddress,
  type Hex,
  keccak256,
  parseEther,
  parseUnits,
  toBytes,
  zeroAddress,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import artifact from "../chains/evm/artifacts/LocalSwapPools.json";
import { SEEDED_TOKENS, type SeededToken } from "../chains/evm/seeded-tokens";

/**
 * The swap world every local EVM devnet is given at start-up: one LocalSwapPools contract
 * (contracts/LocalSwapPools.sol) holding constant-product pools between the seeded USDC, WETH and
 * the native coin, deployed by a devnet-only swap operator at nonce 0 — so its address is the same
 * on every chain id and machine — and seeded by it at about USDC 3000 per ETH. The operator's key is
 * derived from a public constant like the other devnet keys: harmless on a devnet, never real.
 */
export const SWAP_OPERATOR_SEED = "latchkey:devnet-swap-operator";
export const swapOperator = privateKeyToAccount(keccak256(toBytes(SWAP_OPERATOR_SEED)));

export const LOCAL_SWAP_POOLS = {
  abi: artifact.abi as Abi,
  bytecode: artifact.bytecode as Hex,
  nonce: 0,
  address: getContractAddress({ from: swapOperator.address, nonce: 0n }),
} as const;

/** The pools' stand-in for the native coin. */
export const NATIVE = zeroAddress;

const [USDC, WETH] = SEEDED_TOKENS as [SeededToken, SeededToken];

export interface SeedLiquidity {
  tokenA: Hex;
  tokenB: Hex;
  amountA: bigint;
  amountB: bigint;
}

/** What each pool starts with; the native pools' ETH is what the operator's gas float can spare. */
export const SEED_LIQUIDITY: readonly SeedLiquidity[] = [
  {
    tokenA: USDC.address,
    tokenB: WETH.address,
    amountA: parseUnits("3000000", 6),
    amountB: parseEther("1000"),
  },
  { tokenA: USDC.address, tokenB: NATIVE, amountA: parseUnits("300000", 6), amountB: parseEther("100") },
  { tokenA: WETH.address, tokenB: NATIVE, amountA: parseEther("100"), amountB: parseEther("100") },
];
