import { keccak_256 } from "@noble/hashes/sha3.js";
import { bytesToHex, utf8ToBytes } from "@noble/hashes/utils.js";
import { isObject, parseJsonDocument, type Reject, rejecter, show } from "./errors";
import { parseSolidityType, type SolidityType } from "./solidity-types";

/**
 * A JSON ABI checked item by item, with the semantics of abitype's `Abi` schema (what viem accepts)
 * made stricter where abitype is loose: names must be whole identifiers, fixed-size arrays need a
 * positive length, and a selector may belong to one function only (the policy engine maps calldata
 * to a function by its first four bytes).
 */

export type StateMutability = "pure" | "view" | "nonpayable" | "payable";

export interface AbiParameter {
  name: string;
  type: string;
  internalType?: string;
  indexed?: boolean;
  components?: AbiParameter[];
}

export type AbiItem =
  | {
      type: "function";
      name: string;
      inputs: AbiParameter[];
      outputs: AbiParameter[];
      stateMutability: StateMutability;
    }
  | { type: "event"; name: string; inputs: AbiParameter[]; anonymous: boolean }
  | { type: "error"; name: string; inputs: AbiParameter[] }
  | { type: "constructor"; inputs: AbiParameter[]; stateMutability: StateMutability }
  | { type: "fallback"; stateMutability: StateMutability }
  | { type: "receive"; stateMutability: StateMutability };

export interface ParsedAbi {
  abi: AbiItem[];
  /** `0x` + 8 hex digits → canonical signature, e.g. `0x095ea7b3` → `approve(address,uint256)`. */
  functionSelectors: Record<string, string>;
}

const ITEM_TYPES = ["function", "event", "error", "constructor", "fallback", "receive"] as const;
const IDENTIFIER = /^[A-Za-z$_][A-Za-z0-9$_]*$/;
/** Deep enough for any real struct; bounded so a crafted document cannot exhaust the stack. */
const MAX_TUPLE_DEPTH = 32;

export function parseEthereumAbi(text: string, field: string): ParsedAbi {
  const reject = rejecter(field);
  const document = parseJsonDocument(text, reject, "a JSON array of ABI items");
  if (!Array.isArray(document)) {
    const artifact = isObject(document) && Array.isArray(document.abi);
    reject(
      `must be a JSON array of ABI items${artifact ? ' (this looks like a build artifact: send its "abi")' : ""}`,
    );
  }
  const abi = (document as unknown[]).map((item, index) => parseItem(item, index, reject));
  checkSingletons(abi, reject);
  return { abi, functionSelectors: functionSelectors(abi, reject) };
}

/** The canonical signature the selector is hashed over: tuples spelled out, `uint` as `uint256`. */
export function signatureOf(item: { name: string; inputs: AbiParameter[] }): string {
  return `${item.name}(${item.inputs.map(canonicalType).join(",")})`;
}

/** The first four bytes of keccak-256 of the signature, as `0x` + 8 hex digits. */
export function selectorOf(signature: string): string {
  return `0x${bytesToHex(keccak_256(utf8ToBytes(signature)).subarray(0, 4))}`;
}

function canonicalType(parameter: AbiParameter): string {
  const { base, dims } = parseSolidityType(parameter.type) as SolidityType;
  const element = base === "tuple" ? `(${(parameter.components ?? []).map(canonicalType).join(",")})` : base;
  return element + dims;
}

function parseItem(raw: unknown, index: number, reject: Reject): AbiItem {
  const at = `item ${index}`;
  if (!isObject(raw)) return reject(`${at} must be an object, not ${show(raw)}`);
  const type = raw.type as (typeof ITEM_TYPES)[number];
  if (!ITEM_TYPES.includes(type)) {
    return reject(`${at}: "type" must be one of ${ITEM_TYPES.join(", ")}, not ${show(raw.type)}`);
  }
  const label = typeof raw.name === "string" ? `${type} ${show(raw.name)}` : type;
  const fail: Reject = (problem) => reject(`${at} (${label}): ${problem}`);
  switch (type) {
    case "function":
      return {
        type,
        name: identifier(raw.name, fail),
        inputs: parameters(raw.inputs, "inputs", fail),
        // Hand-written ABIs sometimes leave out outputs; they do not change the selector.
        outputs: raw.outputs === undefined ? [] : parameters(raw.outputs, "outputs", fail),
        stateMutability: mutability(raw, fail, ["pure", "view", "nonpayable", "payable"]),
      };
    case "event":
      return parseEvent(raw, fail);
    case "error":
      return { type, name: identifier(raw.name, fail), inputs: parameters(raw.inputs, "inputs", fail) };
    case "constructor":
      return {
        type,
        inputs: parameters(raw.inputs, "inputs", fail),
        stateMutability: mutability(raw, fail, ["nonpayable", "payable"]),
      };
    case "fallback":
      if (raw.inputs !== undefined && !(Array.isArray(raw.inputs) && raw.inputs.length === 0)) {
        fail('a fallback function takes no declared "inputs"');
      }
      return { type, stateMutability: mutability(raw, fail, ["nonpayable", "payable"]) };
    case "receive":
      return { type, stateMutability: mutability(raw, fail, ["payable"]) };
  }
}

function parseEvent(raw: Record<string, unknown>, fail: Reject): AbiItem {
  if (raw.anonymous !== undefined && typeof raw.anonymous !== "boolean") {
    fail(`"anonymous" must be a boolean, not ${show(raw.anonymous)}`);
  }
  const anonymous = raw.anonymous === true;
  const inputs = parameters(raw.inputs, "inputs", fail, { event: true });
  // Topics hold the signature hash (unless anonymous) plus the indexed values: four at most.
  const limit = anonymous ? 4 : 3;
  if (inputs.filter((p) => p.indexed).length > limit) {
    fail(`an ${anonymous ? "anonymous " : ""}event can index at most ${limit} parameters`);
  }
  return { type: "event", name: identifier(raw.name, fail), inputs, anonymous };
}

function identifier(name: unknown, fail: Reject): string {
  if (typeof name !== "string" || !IDENTIFIER.test(name))
    fail(`"name" must be an identifier, not ${show(name)}`);
  return name as string;
}

/** `stateMutability`, or what compilers before solc 0.4.16 meant by `constant` and `payable`. */
function mutability(raw: Record<string, unknown>, fail: Reject, allowed: StateMutability[]): StateMutability {
  const given = raw.stateMutability;
  if (given !== undefined) {
    if (!allowed.includes(given as StateMutability)) {
      fail(`"stateMutability" must be one of ${allowed.join(", ")}, not ${show(given)}`);
    }
    return given as StateMutability;
  }
  if (raw.constant === true && allowed.includes("view")) return "view";
  if (raw.payable === true || !allowed.includes("nonpayable")) return "payable";
  return "nonpayable";
}

function parameters(
  raw: unknown,
  path: string,
  fail: Reject,
  options: { event?: boolean; depth?: number } = {},
): AbiParameter[] {
  if (!Array.isArray(raw)) return fail(`"${path}" must be an array of parameters, not ${show(raw)}`);
  return raw.map((item, i) => parameter(item, `${path}[${i}]`, fail, options));
}

function parameter(
  raw: unknown,
  at: string,
  fail: Reject,
  { event = false, depth = 0 }: { event?: boolean; depth?: number },
): AbiParameter {
  if (!isObject(raw)) return fail(`${at} must be an object with a "type", not ${show(raw)}`);
  const name = raw.name ?? "";
  if (typeof name !== "string" || (name !== "" && !IDENTIFIER.test(name))) {
    fail(`${at}: "name" must be an identifier or empty, not ${show(raw.name)}`);
  }
  if (typeof raw.type !== "string") return fail(`${at}: "type" must be a string, not ${show(raw.type)}`);
  const type = parseSolidityType(raw.type);
  if (typeof type === "string") return fail(`${at}: ${type}`);
  const out: AbiParameter = { name: name as string, type: raw.type };
  if (raw.internalType !== undefined) {
    if (typeof raw.internalType !== "string") fail(`${at}: "internalType" must be a string`);
    out.internalType = raw.internalType as string;
  }
  if (event) {
    if (raw.indexed !== undefined && typeof raw.indexed !== "boolean") {
      fail(`${at}: "indexed" must be a boolean, not ${show(raw.indexed)}`);
    }
    out.indexed = raw.indexed === true;
  }
  if (type.base === "tuple") {
    if (depth >= MAX_TUPLE_DEPTH) fail(`${at}: tuples nest deeper than ${MAX_TUPLE_DEPTH} levels`);
    if (raw.components === undefined) fail(`${at}: a ${raw.type} needs "components"`);
    out.components = parameters(raw.components, `${at}.components`, fail, { depth: depth + 1 });
  } else if (raw.components !== undefined) {
    fail(`${at}: "components" belong to tuple types only, not to ${raw.type}`);
  }
  return out;
}

/** A contract has at most one constructor, one fallback and one receive function. */
function checkSingletons(abi: AbiItem[], reject: Reject) {
  for (const type of ["constructor", "fallback", "receive"] as const) {
    const indexes = abi.flatMap((item, i) => (item.type === type ? [i] : []));
    if (indexes.length > 1) reject(`item ${indexes[1]}: a second ${type} (the first is item ${indexes[0]})`);
  }
}

function functionSelectors(abi: AbiItem[], reject: Reject): Record<string, string> {
  const selectors: Record<string, string> = {};
  const owner = new Map<string, number>();
  abi.forEach((item, index) => {
    if (item.type !== "function") return;
    const signature = signatureOf(item);
    const selector = selectorOf(signature);
    const first = owner.get(selector);
    if (first !== undefined) {
      if (selectors[selector] === signature) {
        reject(`item ${index}: function ${signature} is declared twice (also item ${first})`);
      }
      reject(
        `item ${index}: function ${signature} has selector ${selector}, which item ${first} (${selectors[selector]}) already has`,
      );
    }
    owner.set(selector, index);
    selectors[selector] = signature;
  });
  return selectors;
}
