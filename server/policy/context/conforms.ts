import type { PolicyType, PolicyValue } from "../types";

/**
 * Where `value` does not have type `type`, one line per problem with its path (`$.eth.tx.value: …`);
 * empty when it conforms. Struct fields may be absent (an activity without them); a field a struct
 * does not declare must fit its `rest` type. This is the contract between the contexts built here
 * and the language's type checker, so the tests run it over every context they build.
 */
export function conformanceProblems(value: unknown, type: PolicyType, path = "$"): string[] {
  switch (type.kind) {
    case "bool":
      return typeof value === "boolean" ? [] : [`${path}: expected bool, got ${shown(value)}`];
    case "int":
      return typeof value === "bigint" ? [] : [`${path}: expected int (bigint), got ${shown(value)}`];
    case "string":
      return typeof value === "string" ? [] : [`${path}: expected string, got ${shown(value)}`];
    case "timestamp":
      return value instanceof Date ? [] : [`${path}: expected timestamp (Date), got ${shown(value)}`];
    case "dynamic":
      return policyValueProblems(value, path);
    case "list":
      if (!Array.isArray(value)) return [`${path}: expected list, got ${shown(value)}`];
      return value.flatMap((item, i) => conformanceProblems(item, type.of, `${path}[${i}]`));
    case "struct": {
      if (!isRecord(value)) return [`${path}: expected struct ${type.name}, got ${shown(value)}`];
      return Object.entries(value).flatMap(([field, item]) => {
        if (item === undefined) return [];
        const fieldType = Object.hasOwn(type.fields, field) ? type.fields[field] : type.rest;
        if (!fieldType) return [`${path}.${field}: struct ${type.name} has no field ${field}`];
        return conformanceProblems(item, fieldType, `${path}.${field}`);
      });
    }
  }
}

export function conformsTo(value: unknown, type: PolicyType): value is PolicyValue {
  return conformanceProblems(value, type).length === 0;
}

/** Any PolicyValue: what a `dynamic` slot may hold (no numbers, null or undefined list items). */
function policyValueProblems(value: unknown, path: string): string[] {
  if (typeof value === "boolean" || typeof value === "bigint" || typeof value === "string") return [];
  if (value instanceof Date) return [];
  if (Array.isArray(value)) return value.flatMap((item, i) => policyValueProblems(item, `${path}[${i}]`));
  if (isRecord(value)) {
    return Object.entries(value).flatMap(([field, item]) =>
      item === undefined ? [] : policyValueProblems(item, `${path}.${field}`),
    );
  }
  return [`${path}: ${shown(value)} is not a policy value`];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

function shown(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "a list";
  if (value instanceof Date) return "a Date";
  if (typeof value === "object") return "a struct";
  if (typeof value === "string") return `string ${JSON.stringify(value.slice(0, 40))}`;
  return `${typeof value} ${String(value)}`;
}
