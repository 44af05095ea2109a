import { type Abi, decodeErrorResult, type Hex } from "viem";
import { DELEGATE_ABI } from "../chains/evm/gas-station-delegate";
import { SEEDED_TOKEN_ABI } from "../chains/evm/seeded-tokens";
import { FEE_SPLITTER, FEE_WRAPPER, FEE_WRAPPER_FACTORY } from "../earn/contracts";
import type { RevertEntry, SendFailure } from "./records";

/**
 * Errors read without the contract's own ABI: Solidity's Error(string) and Panic(uint256) (viem
 * knows those), the standard ERC-20 errors of ERC-6093 that OpenZeppelin tokens raise — taken
 * from the seeded token's compiled ABI, which carries them — and GasStationDelegate's own
 * (InvalidNonce, DeadlineExpired, …), which every batch and sponsored send runs through, and Earn's
 * contracts' (DepositsArePaused, ERC4626ExceededMaxRedeem, …), which Earn's deposits and withdrawals call.
 */
const KNOWN_ERRORS: Abi = [
  ...SEEDED_TOKEN_ABI,
  ...DELEGATE_ABI,
  ...FEE_WRAPPER.abi,
  ...FEE_SPLITTER.abi,
  ...FEE_WRAPPER_FACTORY.abi,
].filter((item) => item.type === "error");

/**
 * Anvil follows "custom error 0x<selector>:" with the error's raw argument bytes (NUL characters
 * and all): the selector is what a reader can use, and the bytes are in the entry's `data`.
 */
const withoutRawBytes = (nodeMessage: string) =>
  nodeMessage.replace(/(custom error 0x[0-9a-fA-F]{8})[\s\S]*$/, "$1");

const isHex = (value: unknown): value is Hex =>
  typeof value === "string" && /^0x([0-9a-fA-F]{2})*$/.test(value);

/** The revert data a node put in its error: a hex string in `data`, or nested one level down. */
function revertData(data: unknown): Hex | undefined {
  if (isHex(data)) return data;
  if (data && typeof data === "object" && "data" in data && isHex(data.data)) return data.data;
  return undefined;
}

const show = (value: unknown): string =>
  typeof value === "bigint"
    ? value.toString()
    : Array.isArray(value)
      ? `[${value.map(show).join(", ")}]`
      : String(value);

/**
 * One revert as the compatible API's revert chain shows it: native (Error, Panic), custom or
 * unknown. `address` is the contract called (none for a contract creation).
 */
export function decodeRevert(address: string | undefined, nodeMessage: string, data: unknown): RevertEntry {
  const entry = readRevert(nodeMessage, data);
  return address ? { address, ...entry } : entry;
}

function readRevert(rawMessage: string, data: unknown): RevertEntry {
  const nodeMessage = withoutRawBytes(rawMessage);
  const hex = revertData(data);
  if (!hex || hex.length < 10) {
    return {
      errorType: "native",
      displayMessage: nodeMessage,
      native: { nativeType: "execution_reverted" },
    };
  }
  let decoded: ReturnType<typeof decodeErrorResult<Abi>>;
  try {
    decoded = decodeErrorResult({ abi: KNOWN_ERRORS, data: hex });
  } catch {
    return {
      errorType: "unknown",
      displayMessage: nodeMessage,
      unknown: { selector: hex.slice(0, 10), data: hex },
    };
  }
  const args = (decoded.args ?? []) as unknown[];
  if (decoded.errorName === "Error") {
    const message = String(args[0]);
    return {
      errorType: "native",
      displayMessage: `execution reverted: ${message}`,
      native: { nativeType: "error_string", message },
    };
  }
  if (decoded.errorName === "Panic") {
    const code = BigInt(args[0] as bigint);
    return {
      errorType: "native",
      displayMessage: `execution reverted: Panic(0x${code.toString(16)})`,
      native: { nativeType: "panic", panicCode: code.toString() },
    };
  }
  const inputs = decoded.abiItem.type === "error" ? decoded.abiItem.inputs : [];
  const named = Object.fromEntries(inputs.map((input, i) => [input.name || `arg${i}`, show(args[i])]));
  const listed = Object.entries(named)
    .map(([name, value]) => `${name}: ${value}`)
    .join(", ");
  return {
    errorType: "custom",
    displayMessage: `execution reverted: ${decoded.errorName}(${listed})`,
    custom: { errorName: decoded.errorName, paramsJson: JSON.stringify(named) },
  };
}

/** A send that reverted, its message the decoded reason. */
export function revertFailure(address: string | undefined, nodeMessage: string, data: unknown): SendFailure {
  const entry = decodeRevert(address, nodeMessage, data);
  return { message: entry.displayMessage, revertChain: [entry] };
}
