import type { PolicyType } from "../types";

/**
 * What each operator accepts, shared by the type checker (statically) and, in spirit, the
 * evaluator (on values). `dynamic` stands for a type known only at evaluation, so it is accepted
 * wherever some type would be and checked when evaluated.
 */

export type StructType = Extract<PolicyType, { kind: "struct" }>;

export const LIST_METHODS = ["all", "any", "contains", "count", "filter"] as const;
export type ListMethod = (typeof LIST_METHODS)[number];
export const PREDICATE_METHODS = new Set<string>(["all", "any", "filter"]);

export const FUNCTIONS = ["CronSpan", "Timestamp"] as const;

export function describeType(type: PolicyType): string {
  switch (type.kind) {
    case "list":
      return `list<${describeType(type.of)}>`;
    case "struct":
      return type.name;
    default:
      return type.kind;
  }
}

export const isScalar = (type: PolicyType) =>
  type.kind === "bool" || type.kind === "int" || type.kind === "string" || type.kind === "timestamp";

/** `==` / `!=` (and `in`, `contains`): the same scalar type on both sides. */
export function equatable(a: PolicyType, b: PolicyType): boolean {
  if (a.kind === "dynamic") return b.kind === "dynamic" || isScalar(b);
  if (b.kind === "dynamic") return isScalar(a);
  return isScalar(a) && a.kind === b.kind;
}

const ordered = (type: PolicyType) => type.kind === "int" || type.kind === "timestamp";

/** `<` `<=` `>` `>=`: two ints or two timestamps (the reference orders ints; time-based policies order timestamps). */
export function orderable(a: PolicyType, b: PolicyType): boolean {
  if (a.kind === "dynamic") return b.kind === "dynamic" || ordered(b);
  if (b.kind === "dynamic") return ordered(a);
  return ordered(a) && a.kind === b.kind;
}

/** Where a bool is required (`&&`, `||`, `!`, predicates, the result). */
export const boolish = (type: PolicyType) => type.kind === "bool" || type.kind === "dynamic";

/**
 * The one type two list items share, or undefined. `dynamic` (also the item type of `[]`) yields
 * to the other side: the evaluator checks such values when they are used.
 */
export function unify(a: PolicyType, b: PolicyType): PolicyType | undefined {
  if (a.kind === "dynamic") return b;
  if (b.kind === "dynamic") return a;
  if (a.kind === "list" && b.kind === "list") {
    const of = unify(a.of, b.of);
    return of && { kind: "list", of };
  }
  if (a.kind === "struct" && b.kind === "struct") return a === b || a.name === b.name ? a : undefined;
  return a.kind === b.kind ? a : undefined;
}

/** A struct's field type (declared, else its `rest`), or undefined when it has no such field. */
export function fieldType(struct: StructType, name: string): PolicyType | undefined {
  return Object.hasOwn(struct.fields, name) ? struct.fields[name] : struct.rest;
}
