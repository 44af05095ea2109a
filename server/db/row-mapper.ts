import { Column, getTableName, is, SQL, Subquery } from "drizzle-orm";

/** One selected field as a Drizzle select builder hands it to its session: where it goes, what it is. */
interface SelectedField {
  path: string[];
  field: unknown;
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** What each column of a row needs, worked out once per statement instead of once per value. */
interface CompiledColumn {
  path: string[];
  decoder: Decoder;
  /** The table of a column selected as `{ object: { column } }`: its object is null when the join missed. */
  joinedTable: string | undefined;
}

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field as unknown as Decoder;
  if (is(field, SQL)) return (field as unknown as { decoder: Decoder }).decoder;
  if (is(field, Subquery)) return (field as unknown as { _: { sql: { decoder: Decoder } } })._.sql.decoder;
  return (field as { sql: { decoder: Decoder } }).sql.decoder;
}

/**
 * Drizzle's own row mapping (mapResultRow), with what it decides per value — which kind of field,
 * which decoder, which table — decided once when the statement is built: the same objects, the same
 * decoded values, a left join's missing side as null by the same rule. Drizzle asks those questions
 * with `instanceof` and prototype walks for every value of every row, a few per cent of a signed
 * activity's CPU. prebuilt.test.ts holds the two equal.
 */
export function compileRowMapper(
  fields: SelectedField[],
  joinsNotNullableMap: Record<string, boolean> | undefined,
): (rows: unknown[][]) => Record<string, unknown>[] {
  const columns: CompiledColumn[] = fields.map(({ path, field }) => ({
    path,
    decoder: decoderOf(field),
    joinedTable:
      joinsNotNullableMap && is(field, Column) && path.length === 2
        ? getTableName((field as unknown as { table: Parameters<typeof getTableName>[0] }).table)
        : undefined,
  }));
  const mapRow = (row: unknown[]) => {
    const result: Record<string, unknown> = {};
    // Per object: the table whose columns were all null so far, or false once one was not (Drizzle's rule).
    let nullify: Record<string, string | false> | undefined;
    for (let i = 0; i < columns.length; i++) {
      const { path, decoder, joinedTable } = columns[i]!;
      let node = result;
      for (let p = 0; p < path.length - 1; p++) {
        const key = path[p]!;
        if (!(key in node)) node[key] = {};
        node = node[key] as Record<string, unknown>;
      }
      const raw = row[i];
      const value = raw === null ? null : decoder.mapFromDriverValue(raw);
      node[path[path.length - 1]!] = value;
      if (joinedTable !== undefined) {
        nullify ??= {};
        const objectName = path[0]!;
        if (!(objectName in nullify)) nullify[objectName] = value === null ? joinedTable : false;
        else if (typeof nullify[objectName] === "string" && nullify[objectName] !== joinedTable) {
          nullify[objectName] = false;
        }
      }
    }
    if (nullify && joinsNotNullableMap) {
      for (const [objectName, table] of Object.entries(nullify)) {
        if (typeof table === "string" && !joinsNotNullableMap[table]) result[objectName] = null;
      }
    }
    return result;
  };
  return (rows) => rows.map(mapRow);
}
