import { type Abi, decodeFunctionData, type Hex } from "viem";
import { type AbiItem, type AbiParameter, type ParsedAbi, signatureOf } from "../../contracts";
import type { PolicyValue } from "../types";

export interface DecodedCall {
  function_name: string;
  function_signature: string;
  contract_call_args: Record<string, PolicyValue>;
}

type AbiFunction = Extract<AbiItem, { type: "function" }>;

/**
 * The function a transaction's calldata calls, by its selector in a registered ABI, and its
 * arguments by name. Undefined when the selector is unknown or the arguments do not decode: the
 * fields are then absent (a policy reading them errors), and the transaction is still signable.
 */
export function decodeCall(data: Hex, abi: ParsedAbi): DecodedCall | undefined {
  if (data.length < 10) return undefined;
  const selector = data.slice(0, 10).toLowerCase();
  const signature = abi.functionSelectors[selector];
  if (!signature) return undefined;
  const item = abi.abi.find(
    (entry): entry is AbiFunction => entry.type === "function" && signatureOf(entry) === signature,
  );
  if (!item) return undefined;
  let args: readonly unknown[];
  try {
    args = decodeFunctionData({ abi: [item] as unknown as Abi, data }).args ?? [];
  } catch {
    return undefined;
  }
  const named: Record<string, PolicyValue> = {};
  item.inputs.forEach((input, i) => {
    // An unnamed parameter is keyed by its position ('0', '1', …): the reference is silent.
    named[input.name || String(i)] = abiValue(input, args[i]);
  });
  return { function_name: item.name, function_signature: selector, contract_call_args: named };
}

/**
 * A decoded ABI value as a policy value: integers → int, address / bytes → lower-case 0x hex,
 * arrays → lists, and tuples → lists in component order, because the reference reads tuple fields
 * by position (`call[0]`) and says named access is not supported.
 */
export function abiValue(parameter: AbiParameter, value: unknown): PolicyValue {
  const array = /^(.*)\[(\d*)\]$/.exec(parameter.type);
  if (array) {
    const element = { ...parameter, type: array[1]! };
    return (value as readonly unknown[]).map((item) => abiValue(element, item));
  }
  if (parameter.type === "tuple") {
    return (parameter.components ?? []).map((component, i) =>
      abiValue(
        component,
        Array.isArray(value) ? value[i] : (value as Record<string, unknown>)[component.name],
      ),
    );
  }
  if (parameter.type === "bool") return value as boolean;
  if (parameter.type === "string") return value as string;
  if (/^u?int\d*$/.test(parameter.type)) return BigInt(value as bigint | number);
  // address, bytes, bytesN: viem gives 0x hex (addresses checksummed); policies compare lower case.
  return String(value).toLowerCase();
}
