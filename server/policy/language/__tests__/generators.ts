import fc from "fast-check";
import type { PolicyType, PolicyValue } from "../../types";
import type { Expression } from "../ast";
import { MAX_INT, MIN_INT } from "../limits";

/**
 * Random well-typed expressions over a root schema, and random contexts that conform to it, for
 * the property tests. Contexts are fully populated (every declared field present), every list has
 * at least MIN_LIST items and every string at least MIN_STRING code points; expressions index and
 * slice only schema paths and literals, within those minimums. So evaluating a generated
 * expression against a generated context can meet no absent field and no out-of-range index: it
 * must return a bool. (Indexes into `filter(…)` or slice results, whose lengths are unknown, are
 * never generated. Open `rest` fields and dynamic values are left to the unit tests.)
 */

export const MIN_LIST = 2;
export const MIN_STRING = 12;
const MAX_DEPTH = 4;
const HERE = { offset: 0, line: 1, column: 1 };

type Struct = Extract<PolicyType, { kind: "struct" }>;
type Draw = fc.GeneratorValue;
interface Variable {
  name: string;
  type: PolicyType;
}
interface Path {
  expression: Expression;
  type: PolicyType;
}

const TIME_RANGE = { min: new Date("0001-01-01T00:00:00Z"), max: new Date("9999-12-31T23:59:59.999Z") };

/** A value of `type`, as the context builders would produce it. */
export function conformingValue(type: PolicyType): fc.Arbitrary<PolicyValue> {
  switch (type.kind) {
    case "bool":
      return fc.boolean();
    case "int":
      return fc.bigInt({ min: MIN_INT, max: MAX_INT });
    case "string":
      return fc.string({ unit: "binary", minLength: MIN_STRING, maxLength: MIN_STRING + 6 });
    case "timestamp":
      return fc.date({ ...TIME_RANGE, noInvalidDate: true });
    case "list":
      return fc.array(conformingValue(type.of), { minLength: MIN_LIST, maxLength: MIN_LIST + 2 });
    case "struct":
      return fc.record(
        Object.fromEntries(Object.entries(type.fields).map(([name, t]) => [name, conformingValue(t)])),
      );
    case "dynamic":
      return fc.constant(true);
  }
}

const same = (a: PolicyType, b: PolicyType): boolean =>
  a.kind === b.kind &&
  (a.kind !== "list" || same(a.of, (b as typeof a).of)) &&
  (a.kind !== "struct" || a.name === (b as Struct).name);

export class ExpressionGenerator {
  constructor(private readonly root: Struct) {}

  /** A well-typed bool expression. */
  bool(g: Draw): Expression {
    return this.of(g, { kind: "bool" }, [], 0);
  }

  private of(g: Draw, type: PolicyType, scope: Variable[], depth: number): Expression {
    const options = this.options(g, type, scope, depth);
    return g(fc.constantFrom, ...options)();
  }

  /** Every way to produce `type` here; leaves only once the depth is spent. */
  private options(g: Draw, type: PolicyType, scope: Variable[], depth: number): (() => Expression)[] {
    const paths = this.paths(scope).filter((p) => same(p.type, type));
    const options: (() => Expression)[] = [];
    if (paths.length > 0) options.push(() => this.pick(g, paths, scope));
    const deeper = depth < MAX_DEPTH;
    const sub = (t: PolicyType) => this.of(g, t, scope, depth + 1);
    const scalar = () => g(fc.constantFrom, "bool", "int", "string", "timestamp") as PolicyType["kind"];
    switch (type.kind) {
      case "bool":
        options.push(() => ({ kind: "bool", value: g(fc.boolean), position: HERE }));
        if (!deeper) break;
        options.push(
          () => ({ kind: "not", operand: sub(type), position: HERE }),
          () => ({
            kind: "logical",
            operator: g(fc.constantFrom, "&&", "||"),
            operands: Array.from({ length: g(fc.integer, { min: 2, max: 3 }) }, () => sub(type)),
            position: HERE,
          }),
          () => {
            const t = { kind: scalar() } as PolicyType;
            const operator = g(fc.constantFrom, "==", "!=");
            return { kind: "compare", operator, left: sub(t), right: sub(t), position: HERE };
          },
          () => {
            const t = { kind: g(fc.constantFrom, "int", "timestamp") } as PolicyType;
            const operator = g(fc.constantFrom, "<", "<=", ">", ">=");
            return { kind: "compare", operator, left: sub(t), right: sub(t), position: HERE };
          },
          () => {
            const t = { kind: scalar() } as PolicyType;
            return {
              kind: "compare",
              operator: "in",
              left: sub(t),
              right: sub({ kind: "list", of: t }),
              position: HERE,
            };
          },
          () => {
            const t = { kind: scalar() } as PolicyType;
            const target = sub({ kind: "list", of: t });
            return { kind: "method", target, name: "contains", args: [sub(t)], position: HERE };
          },
          () => this.predicate(g, g(fc.constantFrom, "any", "all"), scope, depth),
        );
        break;
      case "int":
        options.push(() => ({
          kind: "int",
          value: g(fc.bigInt, { min: MIN_INT, max: MAX_INT }),
          position: HERE,
        }));
        if (!deeper) break;
        options.push(() => {
          const listPaths = this.paths(scope).filter((p) => p.type.kind === "list");
          const target =
            g(fc.boolean) || listPaths.length === 0
              ? this.predicate(g, "filter", scope, depth)
              : g(fc.constantFrom, ...listPaths).expression;
          return { kind: "method", target, name: "count", args: [], position: HERE };
        });
        break;
      case "string":
        options.push(() => ({
          kind: "string",
          value: g(fc.string, { unit: "binary", maxLength: 8 }),
          position: HERE,
        }));
        if (!deeper) break;
        options.push(() => this.indexed(g, type, scope));
        options.push(() => {
          const strings = this.paths(scope).filter((p) => p.type.kind === "string");
          if (strings.length === 0) return { kind: "string", value: "", position: HERE };
          const target = g(fc.constantFrom, ...strings).expression;
          return this.slice(g, target, MIN_STRING);
        });
        break;
      case "timestamp":
        options.push(() => {
          const text = g(fc.date, { ...TIME_RANGE, noInvalidDate: true }).toISOString();
          return {
            kind: "call",
            name: "Timestamp",
            args: [{ kind: "string", value: text, position: HERE }],
            position: HERE,
          };
        });
        break;
      case "list": {
        const of = type.of;
        if (of.kind !== "struct" && of.kind !== "list") {
          options.push(() => ({
            kind: "list",
            items: Array.from({ length: g(fc.integer, { min: 0, max: 3 }) }, () =>
              this.of(g, of, scope, MAX_DEPTH),
            ),
            position: HERE,
          }));
        }
        if (!deeper) break;
        if (paths.length > 0) {
          options.push(() => this.slice(g, g(fc.constantFrom, ...paths).expression, MIN_LIST));
          options.push(() => this.predicate(g, "filter", scope, depth, paths));
        }
        break;
      }
      default:
        break;
    }
    return options;
  }

  /** A path, inside a predicate half the time one that reads its variable (else they are rarely used). */
  private pick(g: Draw, paths: Path[], scope: Variable[]): Expression {
    const innermost = scope.at(-1)?.name;
    const local = paths.filter((p) => innermost !== undefined && rootName(p.expression) === innermost);
    const from = local.length > 0 && g(fc.boolean) ? local : paths;
    return g(fc.constantFrom, ...from).expression;
  }

  /** `list.any/all/filter(v, predicate)` over a list path (or one of `among`). */
  private predicate(g: Draw, name: string, scope: Variable[], depth: number, among?: Path[]): Expression {
    const lists = among ?? this.paths(scope).filter((p) => p.type.kind === "list");
    const list = g(fc.constantFrom, ...lists);
    const variable = {
      name: `v${scope.length}`,
      type: (list.type as Extract<PolicyType, { kind: "list" }>).of,
    };
    const body = this.of(g, { kind: "bool" }, [...scope, variable], depth + 1);
    const args: Expression[] = [{ kind: "identifier", name: variable.name, position: HERE }, body];
    return { kind: "method", target: list.expression, name, args, position: HERE };
  }

  /** `path[i]` within MIN_LIST / MIN_STRING, or `[literals][i]`, producing `type`. */
  private indexed(g: Draw, type: PolicyType, scope: Variable[]): Expression {
    const lists = this.paths(scope).filter((p) => p.type.kind === "list" && same(p.type.of, type));
    const strings = type.kind === "string" ? this.paths(scope).filter((p) => p.type.kind === "string") : [];
    const candidates = [
      ...lists.map((p) => [p, MIN_LIST] as const),
      ...strings.map((p) => [p, MIN_STRING] as const),
    ];
    if (candidates.length === 0) return { kind: "string", value: "", position: HERE };
    const [path, length] = g(fc.constantFrom, ...candidates);
    const index = BigInt(g(fc.integer, { min: 0, max: length - 1 }));
    return {
      kind: "index",
      target: path.expression,
      index: { kind: "int", value: index, position: HERE },
      position: HERE,
    };
  }

  private slice(g: Draw, target: Expression, length: number): Expression {
    const start = g(fc.integer, { min: 0, max: length });
    const end = g(fc.integer, { min: start, max: length });
    // A bound at the edge may be left out (`x[..3]`, `x[2..]`); elsewhere it must be written.
    const bound = (value: number, edge: number) => (value === edge && g(fc.boolean) ? null : int(value));
    return { kind: "slice", target, start: bound(start, 0), end: bound(end, length), position: HERE };
  }

  private readonly pathCache = new Map<string, Path[]>();

  /** Root keywords and variables, then their fields and in-range items, a few steps deep. */
  private paths(scope: Variable[]): Path[] {
    const key = scope.map((v) => `${v.name}:${JSON.stringify(v.type)}`).join(",");
    let paths = this.pathCache.get(key);
    if (!paths) {
      paths = this.enumeratePaths(scope);
      this.pathCache.set(key, paths);
    }
    return paths;
  }

  private enumeratePaths(scope: Variable[]): Path[] {
    const found: Path[] = [];
    let frontier: Path[] = [
      ...Object.entries(this.root.fields).map(([name, type]) => ({ expression: identifier(name), type })),
      ...scope.map((v) => ({ expression: identifier(v.name), type: v.type })),
    ];
    for (let step = 0; step < 4 && frontier.length > 0; step++) {
      found.push(...frontier);
      frontier = frontier.flatMap(({ expression, type }): Path[] => {
        if (type.kind === "struct") {
          return Object.entries(type.fields).map(([name, t]) => ({
            expression: { kind: "member", target: expression, name, position: HERE },
            type: t,
          }));
        }
        if (type.kind === "list" && expression.kind !== "index") {
          return [
            {
              expression: { kind: "index", target: expression, index: int(0), position: HERE },
              type: type.of,
            },
          ];
        }
        return [];
      });
    }
    return found.filter((p) => p.type.kind !== "dynamic");
  }
}

function rootName(expression: Expression): string | undefined {
  if (expression.kind === "identifier") return expression.name;
  if (expression.kind === "member" || expression.kind === "index") return rootName(expression.target);
  return undefined;
}

const identifier = (name: string): Expression => ({ kind: "identifier", name, position: HERE });
const int = (value: number): Expression => ({ kind: "int", value: BigInt(value), position: HERE });
