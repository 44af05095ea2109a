import type { Abi, Hex } from "viem";
import splitter from "../chains/evm/artifacts/FeeSplitter.json";
import wrapper from "../chains/evm/artifacts/FeeWrapper.json";
import factory from "../chains/evm/artifacts/FeeWrapperFactory.json";
import localVault from "../chains/evm/artifacts/LocalYieldVault.json";

/**
 * The Earn contracts (contracts/FeeWrapper.sol and friends) as viem reads them: each one's whole
 * ABI, errors included, so a revert decodes to its name, and its creation code.
 */
interface Compiled {
  abi: Abi;
  bytecode: Hex;
}

const compiled = (artifact: { abi: unknown[]; bytecode: string }): Compiled => ({
  abi: artifact.abi as Abi,
  bytecode: artifact.bytecode as Hex,
});

export const FEE_WRAPPER = compiled(wrapper);
export const FEE_SPLITTER = compiled(splitter);
export const FEE_WRAPPER_FACTORY = compiled(factory);
/** The local devnets' stand-in for a lending protocol's vault (yield by chain time, from a reserve). */
export const LOCAL_YIELD_VAULT = compiled(localVault);

/** The fee caps FeeWrapper enforces, in basis points (spec.md's Earn limits). */
export const MAX_CLIENT_FEE_BPS = 4000;
export const MAX_OPERATOR_FEE_BPS = 1000;
