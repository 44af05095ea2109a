import type { PolicyValue } from "../types";

/**
 * Run-time view of PolicyValue trees. Contexts are built by other code, so every use checks what
 * it was given: a JavaScript number, null or class instance is not a policy value.
 */

export type ValueKind = "bool" | "int" | "string" | "timestamp" | "list" | "struct";
export type Struct = { readonly [field: string]: PolicyValue | undefined };

export function kindOf(value: unknown): ValueKind | undefined {
  switch (typeof value) {
    case "boolean":
      return "bool";
    case "bigint":
      return "int";
    case "string":
      return "string";
    case "object":
      if (value === null) return undefined;
      if (Array.isArray(value)) return "list";
      if (value instanceof Date) return Number.isNaN(value.getTime()) ? undefined : "timestamp";
      return Object.getPrototypeOf(value) === Object.prototype || Object.getPrototypeOf(value) === null
        ? "struct"
        : undefined;
    default:
      return undefined;
  }
}

export function describeValue(value: unknown): string {
  const kind = kindOf(value);
  if (kind) return kind === "int" ? "an int" : `a ${kind}`;
  if (value === null) return "null";
  if (typeof value === "object") return "an object that is not a policy value";
  return `a JavaScript ${typeof value}`;
}

/** A field's value when the struct has it as its own property (never from a prototype). */
export function ownField(struct: Struct, name: string): PolicyValue | undefined {
  return Object.hasOwn(struct, name) ? struct[name] : undefined;
}

/** Strings are indexed and sliced by Unicode code point; ASCII (the usual hex) takes the fast path. */
const hasSurrogates = (text: string) => /[\uD800-\uDFFF]/.test(text);

export function stringLength(text: string): number {
  return hasSurrogates(text) ? Array.from(text).length : text.length;
}

export function stringSlice(text: string, start: number, end: number): string {
  return hasSurrogates(text) ? Array.from(text).slice(start, end).join("") : text.slice(start, end);
}
