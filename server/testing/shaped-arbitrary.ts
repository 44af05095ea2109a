import fc from "fast-check";

type JsonSchema = Record<string, unknown> & {
  type?: string;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minItems?: number;
  maximum?: number;
};

/** JSON values that stress validators: wrong types, odd numbers, long and strange strings. */
export const weirdJson: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.constantFrom(null, true, false, 0, -1, 1e308, -0, 2 ** 53 + 1, "", " ", "\u0000", "ACTIVITY_TYPE_"),
    fc.string({ maxLength: 40 }),
    fc.string({ unit: "grapheme", maxLength: 20 }),
    fc.double(),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 12 }), tie("value"), { maxKeys: 5 }),
  ),
})).value;

/**
 * Values shaped like a JSON Schema (as the OpenAPI document derives it from the zod schemas), where
 * any field may instead hold a wrong value, or be missing. So generated requests get past the
 * first check and reach the deeper ones: a wrong type in one nested field, an out-of-range number.
 * Fields named like ids take one of `ids` (placeholders the caller swaps for real ids) or a random one.
 */
export function shapedLike(schema: JsonSchema, ids: string[], name = ""): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: conforming(schema, ids, name) },
    { weight: 1, arbitrary: weirdJson },
  );
}

function conforming(schema: JsonSchema, ids: string[], name: string): fc.Arbitrary<unknown> {
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => shapedLike(s, ids, name)));
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  switch (schema.type) {
    case "object": {
      const fields = Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, s]) => [key, shapedLike(s, ids, key)]),
      );
      return fc.oneof(
        { weight: 4, arbitrary: fc.record(fields, { requiredKeys: schema.required ?? [] }) },
        { weight: 1, arbitrary: fc.record(fields, { requiredKeys: [] }) },
      );
    }
    case "array":
      return fc.array(shapedLike(schema.items ?? {}, ids, name), {
        minLength: Math.min(schema.minItems ?? 0, 2),
        maxLength: 3,
      });
    case "string":
      if (/Ids?$/.test(name)) return fc.oneof(fc.constantFrom(...ids), fc.uuid({ version: 7 }));
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      return fc.string({ maxLength: 40 });
    case "integer":
    case "number":
      return fc.oneof(
        fc.integer({ min: -2, max: 10 }),
        fc.constantFrom(2 ** 31, 2 ** 53 - 1, schema.maximum ?? 2 ** 63),
      );
    case "boolean":
      return fc.boolean();
    default:
      return weirdJson;
  }
}
