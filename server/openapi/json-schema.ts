import { z } from "zod";

/**
 * A zod schema as JSON Schema; refinements become "any". Requests are described as a client may
 * send them (`input`: defaulted fields optional), responses as the server returns them (`output`).
 */
export function jsonSchema(schema: z.ZodType, io: "input" | "output" = "input"): Record<string, unknown> {
  const { $schema: _ignored, ...rest } = z.toJSONSchema(schema, {
    io,
    unrepresentable: "any",
  }) as Record<string, unknown>;
  return rest;
}
