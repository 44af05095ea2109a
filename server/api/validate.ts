import type { z } from "zod";
import { ApiError, type FieldViolation } from "../errors";

function fieldPath(prefix: string, path: PropertyKey[]): string {
  let out = prefix;
  for (const part of path) {
    if (typeof part === "number") out += `[${part}]`;
    else out += out ? `.${String(part)}` : String(part);
  }
  return out || "body";
}

/** Parse with a zod schema; failures become a 400 naming every offending field. */
export function validate<T extends z.ZodType>(schema: T, value: unknown, prefix = ""): z.infer<T> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const violations: FieldViolation[] = parsed.error.issues.slice(0, 20).map((issue) => ({
    field: fieldPath(prefix, issue.path),
    description: issue.message,
  }));
  const message = violations.map((v) => `${v.field}: ${v.description}`).join("; ");
  throw new ApiError("INVALID_ARGUMENT", "REQUEST_INVALID", `invalid request: ${message}`, {
    fieldViolations: violations,
  });
}
