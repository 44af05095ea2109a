import { type Abi, encodeFunctionData, getContractAddress, type Hex, hexToBigInt, pad } from "viem";
import artifact from "./artifacts/GasStationDelegate.json";

/**
 * GasStationDelegate (contracts/GasStationDelegate.sol): the code Latchkey's accounts delegate to
 * with EIP-7702 to run batches, sponsored or not. Everything here is derived from the committed
 * artifact, so the address below is exactly where that bytecode lands.
 */

export const DELEGATE_ABI = artifact.abi as Abi;
export const DELEGATE_CREATION_CODE = artifact.bytecode as Hex;

/** The deterministic deployment proxy (Arachnid's), present on Anvil and on most public chains. */
export const DEPLOYMENT_PROXY = "0x4e59b44847b379578588920ca78fbf26c0b4956c";
export const DELEGATE_SALT = pad("0x00", { size: 32 });

/** The same on every chain: CREATE2 from the proxy with salt 0 over the artifact's creation code. */
export const GAS_STATION_DELEGATE_ADDRESS = getContractAddress({
  opcode: "CREATE2",
  from: DEPLOYMENT_PROXY,
  salt: DELEGATE_SALT,
  bytecode: DELEGATE_CREATION_CODE,
});

/** The EIP-712 domain name and version the contract's constructor fixes. */
export const DELEGATE_DOMAIN = { name: "Latchkey GasStationDelegate", version: "1" } as const;

/**
 * Where the delegate keeps its nonce in the account's storage (ERC-7201 slot of
 * "latchkey.GasStationDelegate", as the contract states it). Read directly, it is right whether the
 * account is delegated now or was before: storage outlives delegations.
 */
export const DELEGATE_NONCE_SLOT = "0x4c59562f9f27693477d919a44c203cbed2b8590bdad9083d399e217dc2d0c500";

export interface BatchCall {
  to: Hex;
  value: bigint;
  data: Hex;
}

/** EIP-7702 delegation indicator: the code an account delegated to `address` shows. */
export const delegationCode = (address: string): string => `0xef0100${address.slice(2).toLowerCase()}`;

export const isDelegatedToGasStation = (code: string): boolean =>
  code.toLowerCase() === delegationCode(GAS_STATION_DELEGATE_ADDRESS);

export const nonceFromStorage = (word: string): bigint => (word === "0x" ? 0n : hexToBigInt(word as Hex));

/** The EIP-712 BatchExecution document an account signs so that a gas station may run its calls. */
export function batchExecutionTypedData(
  chainId: number,
  account: string,
  calls: BatchCall[],
  nonce: bigint,
  deadline: bigint,
) {
  return {
    domain: { ...DELEGATE_DOMAIN, chainId, verifyingContract: account as Hex },
    types: {
      BatchExecution: [
        { name: "calls", type: "Call[]" },
        { name: "nonce", type: "uint256" },
        { name: "deadline", type: "uint256" },
      ],
      Call: [
        { name: "to", type: "address" },
        { name: "value", type: "uint256" },
        { name: "data", type: "bytes" },
      ],
    },
    primaryType: "BatchExecution" as const,
    message: { calls, nonce, deadline },
  };
}

export const encodeExecute = (calls: BatchCall[]): Hex =>
  encodeFunctionData({ abi: DELEGATE_ABI, functionName: "execute", args: [calls] });

export const encodeExecuteSponsored = (
  calls: BatchCall[],
  nonce: bigint,
  deadline: bigint,
  signature: Hex,
): Hex =>
  encodeFunctionData({
    abi: DELEGATE_ABI,
    functionName: "executeSponsored",
    args: [calls, nonce, deadline, signature],
  });
