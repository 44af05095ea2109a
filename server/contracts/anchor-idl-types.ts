import { isObject, show } from "./errors";

/**
 * The type grammar of Anchor IDLs, legacy (before 0.30: `publicKey`, `{defined: "Name"}`) and
 * 0.30+ (`pubkey`, `{defined: {name, generics}}`, `{generic: "T"}`, `coption`). Returns a sentence
 * saying what is wrong with `type`, or undefined when it is a valid type.
 */

const PRIMITIVES = new Set([
  "bool",
  "u8",
  "i8",
  "u16",
  "i16",
  "u32",
  "i32",
  "f32",
  "u64",
  "i64",
  "f64",
  "u128",
  "i128",
  "u256",
  "i256",
  "bytes",
  "string",
  "pubkey",
  "publicKey",
]);
const WRAPPERS = ["vec", "option", "coption"] as const;
/** Deeper than any real IDL nests; bounded so a crafted document cannot exhaust the stack. */
const MAX_DEPTH = 32;

export function idlTypeProblem(type: unknown, depth = 0): string | undefined {
  if (depth > MAX_DEPTH) return `types nest deeper than ${MAX_DEPTH} levels`;
  if (typeof type === "string") {
    return PRIMITIVES.has(type) ? undefined : `${show(type)} is not an IDL type`;
  }
  if (!isObject(type) || Object.keys(type).length !== 1) {
    return `${show(type)} is not an IDL type (a primitive name, or an object with one of vec, option, coption, array, defined, generic)`;
  }
  const [key, inner] = Object.entries(type)[0]!;
  if ((WRAPPERS as readonly string[]).includes(key)) return idlTypeProblem(inner, depth + 1);
  switch (key) {
    case "array":
      return arrayProblem(inner, depth);
    case "defined":
      return definedProblem(inner, depth);
    case "generic":
      return typeof inner === "string" && inner.length > 0
        ? undefined
        : `a generic needs a name, not ${show(inner)}`;
    default:
      return `${show(type)} is not an IDL type (unknown kind "${key}")`;
  }
}

function arrayProblem(inner: unknown, depth: number): string | undefined {
  if (!Array.isArray(inner) || inner.length !== 2)
    return `an array type is [type, length], not ${show(inner)}`;
  const [element, length] = inner;
  const lengthIsGeneric = isObject(length) && typeof length.generic === "string";
  if (!lengthIsGeneric && !(Number.isSafeInteger(length) && (length as number) >= 0)) {
    return `an array length must be a non-negative integer or a generic, not ${show(length)}`;
  }
  return idlTypeProblem(element, depth + 1);
}

function definedProblem(inner: unknown, depth: number): string | undefined {
  if (typeof inner === "string") return inner.length > 0 ? undefined : "a defined type needs a name";
  if (!isObject(inner) || typeof inner.name !== "string" || inner.name.length === 0) {
    return `a defined type is "Name" or {name, generics}, not ${show(inner)}`;
  }
  if (inner.generics === undefined) return undefined;
  if (!Array.isArray(inner.generics)) return `"generics" must be an array, not ${show(inner.generics)}`;
  for (const generic of inner.generics) {
    if (isObject(generic) && generic.kind === "type") {
      const problem = idlTypeProblem(generic.type, depth + 1);
      if (problem) return problem;
    } else if (!(isObject(generic) && generic.kind === "const" && typeof generic.value === "string")) {
      return `a generic argument is {kind: "type", type} or {kind: "const", value}, not ${show(generic)}`;
    }
  }
  return undefined;
}
