/**
 * The Solidity ABI type grammar (https://docs.soliditylang.org/en/latest/abi-spec.html#types), with
 * the canonical spelling a function selector is hashed over. Fixed-point types are refused, as
 * abitype and viem refuse them: no compiler emits them and nothing could decode them.
 */

export interface SolidityType {
  /** The element type in canonical form (`uint` → `uint256`), or `tuple`. */
  base: string;
  /** Array suffixes as written, e.g. `[][3]`. */
  dims: string;
}

const SHAPE = /^([a-z]+)([0-9]*)((?:\[[0-9]*\])*)$/;
const POSITIVE = /^[1-9][0-9]*$/;
const PLAIN = new Set(["address", "bool", "string", "function", "tuple"]);

/** The parsed type, or a sentence saying why `type` is not a Solidity ABI type. */
export function parseSolidityType(type: string): SolidityType | string {
  if (/^u?fixed/.test(type)) return `"${type}" is a fixed-point type, which is not supported`;
  const match = SHAPE.exec(type);
  if (!match) return `"${type}" is not a Solidity type`;
  const [, word, size, dims] = match as unknown as [string, string, string, string];
  for (const dim of dims.match(/\[[0-9]*\]/g) ?? []) {
    const length = dim.slice(1, -1);
    if (length !== "" && !POSITIVE.test(length)) {
      return `"${type}" has array length ${length}; a fixed-size array needs a positive length`;
    }
  }
  const base = elementType(word, size);
  if (base === undefined) return `"${type}" is not a Solidity type${hint(word)}`;
  return { base, dims };
}

function elementType(word: string, size: string): string | undefined {
  if (PLAIN.has(word)) return size === "" ? word : undefined;
  if (word === "bytes") {
    if (size === "") return "bytes";
    return POSITIVE.test(size) && Number(size) <= 32 ? `bytes${size}` : undefined;
  }
  if (word === "int" || word === "uint") {
    if (size === "") return `${word}256`;
    const bits = Number(size);
    return POSITIVE.test(size) && bits <= 256 && bits % 8 === 0 ? `${word}${size}` : undefined;
  }
  return undefined;
}

function hint(word: string): string {
  if (word === "int" || word === "uint") return ` (${word}<M> needs M a multiple of 8 from 8 to 256)`;
  if (word === "bytes") return " (bytes<M> needs M from 1 to 32)";
  return "";
}
