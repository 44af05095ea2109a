import type { PolicyType } from "../types";
import { type Expression, type Position, startOf } from "./ast";
import { isTimeZone, parseCron, parseDuration } from "./cron-span";
import { PolicyTypeError } from "./errors";
import { printPolicyExpression } from "./printer";
import { parseTimestamp } from "./timestamp";
import {
  boolish,
  describeType,
  equatable,
  FUNCTIONS,
  fieldType,
  LIST_METHODS,
  orderable,
  PREDICATE_METHODS,
  type StructType,
  unify,
} from "./type-rules";

const T_BOOL: PolicyType = { kind: "bool" };
const T_INT: PolicyType = { kind: "int" };
const T_STRING: PolicyType = { kind: "string" };
const T_TIMESTAMP: PolicyType = { kind: "timestamp" };
const T_DYNAMIC: PolicyType = { kind: "dynamic" };

/** Lambda variables in scope, innermost first. */
interface Scope {
  name: string;
  type: PolicyType;
  outer?: Scope;
}

/**
 * Refuses, before any evaluation, an expression that reads a keyword or field the schema does not
 * have, calls a method or function that does not exist or with the wrong arguments, or mixes
 * types; and one whose result is not a bool. Throws PolicyTypeError naming the culprit.
 */
export function checkPolicyExpression(
  expression: Expression,
  root: PolicyType,
  options: { expect: "bool" },
): void {
  if (root.kind !== "struct") throw new Error("checkPolicyExpression: the root type must be a struct");
  const type = new Checker(root).typeOf(expression, undefined);
  if (options.expect === "bool" && !boolish(type)) {
    fail(startOf(expression), `the expression must be a bool, but it is ${article(type)}`);
  }
}

function fail(at: Position, message: string): never {
  throw new PolicyTypeError(at, message);
}

const article = (type: PolicyType) => {
  const text = describeType(type);
  return /^[aeiou]/i.test(text) ? `an ${text}` : `a ${text}`;
};

/** An expression as written, shortened for messages. */
const quote = (expression: Expression) => {
  const text = printPolicyExpression(expression);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

class Checker {
  constructor(private readonly root: StructType) {}

  typeOf(e: Expression, scope: Scope | undefined): PolicyType {
    switch (e.kind) {
      case "bool":
        return T_BOOL;
      case "int":
        return T_INT;
      case "string":
        return T_STRING;
      case "list":
        return this.listLiteral(e, scope);
      case "identifier":
        return this.identifier(e, scope);
      case "member":
        return this.member(e, this.typeOf(e.target, scope));
      case "index":
        return this.index(e, scope);
      case "slice":
        return this.slice(e, scope);
      case "not":
        this.expectBool(e.operand, scope, "the operand of '!'");
        return T_BOOL;
      case "logical":
        for (const operand of e.operands) this.expectBool(operand, scope, `each side of '${e.operator}'`);
        return T_BOOL;
      case "compare":
        return this.compare(e, scope);
      case "method":
        return this.method(e, scope);
      case "call":
        return this.call(e);
    }
  }

  private expectBool(e: Expression, scope: Scope | undefined, what: string): void {
    const type = this.typeOf(e, scope);
    if (!boolish(type)) fail(startOf(e), `${what} must be a bool, but ${quote(e)} is ${article(type)}`);
  }

  private listLiteral(e: Extract<Expression, { kind: "list" }>, scope: Scope | undefined): PolicyType {
    let element: PolicyType = T_DYNAMIC;
    for (const item of e.items) {
      const type = this.typeOf(item, scope);
      const shared = unify(element, type);
      if (!shared) {
        fail(
          startOf(item),
          `list items must share one type, but ${quote(item)} is ${article(type)} after ${article(element)}`,
        );
      }
      element = shared;
    }
    return { kind: "list", of: element };
  }

  private identifier(e: Extract<Expression, { kind: "identifier" }>, scope: Scope | undefined): PolicyType {
    for (let s = scope; s; s = s.outer) if (s.name === e.name) return s.type;
    const type = fieldType(this.root, e.name);
    if (type) return type;
    const names = [...new Set([...namesIn(scope), ...Object.keys(this.root.fields)])].sort();
    return fail(e.position, `unknown keyword '${e.name}'; valid here: ${names.join(", ")}`);
  }

  private member(e: Extract<Expression, { kind: "member" }>, target: PolicyType): PolicyType {
    if (target.kind === "dynamic") return T_DYNAMIC;
    if (target.kind === "struct") {
      const type = fieldType(target, e.name);
      if (type) return type;
      return fail(e.position, unknownField(quote(e.target), target, e.name));
    }
    // Turnkey's own examples write `transfers.count` for `transfers.count()`: accepted as the same.
    if (target.kind === "list" && e.name === "count") return T_INT;
    const hint =
      target.kind === "list" && (LIST_METHODS as readonly string[]).includes(e.name)
        ? `; call it as ${e.name}(…)`
        : "";
    return fail(
      e.position,
      `${quote(e.target)} is ${article(target)}, which has no field '${e.name}'${hint}`,
    );
  }

  private index(e: Extract<Expression, { kind: "index" }>, scope: Scope | undefined): PolicyType {
    const target = this.typeOf(e.target, scope);
    if (target.kind === "struct") {
      // `args['name']`: the key must be written out, so it is checked here like `.name`.
      if (e.index.kind !== "string") {
        return fail(
          e.index.position,
          `${quote(e.target)} is a struct (${target.name}): index it with a field name in quotes`,
        );
      }
      const type = fieldType(target, e.index.value);
      if (type) return type;
      return fail(e.index.position, unknownField(quote(e.target), target, e.index.value));
    }
    const index = this.typeOf(e.index, scope);
    if (target.kind === "dynamic") {
      if (!["int", "string", "dynamic"].includes(index.kind)) {
        fail(
          startOf(e.index),
          `an index must be an int (or a field name), but ${quote(e.index)} is ${article(index)}`,
        );
      }
      return T_DYNAMIC;
    }
    if (target.kind !== "list" && target.kind !== "string") {
      return fail(
        e.position,
        `only lists, strings and structs can be indexed, but ${quote(e.target)} is ${article(target)}`,
      );
    }
    if (index.kind !== "int" && index.kind !== "dynamic") {
      fail(startOf(e.index), `an index must be an int, but ${quote(e.index)} is ${article(index)}`);
    }
    return target.kind === "list" ? target.of : T_STRING;
  }

  private slice(e: Extract<Expression, { kind: "slice" }>, scope: Scope | undefined): PolicyType {
    const target = this.typeOf(e.target, scope);
    if (target.kind !== "list" && target.kind !== "string" && target.kind !== "dynamic") {
      fail(e.position, `only lists and strings can be sliced, but ${quote(e.target)} is ${article(target)}`);
    }
    for (const bound of [e.start, e.end]) {
      if (!bound) continue;
      const type = this.typeOf(bound, scope);
      if (type.kind !== "int" && type.kind !== "dynamic") {
        fail(startOf(bound), `a slice bound must be an int, but ${quote(bound)} is ${article(type)}`);
      }
    }
    return target;
  }

  private compare(e: Extract<Expression, { kind: "compare" }>, scope: Scope | undefined): PolicyType {
    const left = this.typeOf(e.left, scope);
    const right = this.typeOf(e.right, scope);
    if (e.operator === "in") {
      if (right.kind !== "list" && right.kind !== "dynamic") {
        fail(e.position, `'in' needs a list on its right, but ${quote(e.right)} is ${article(right)}`);
      }
      const element = right.kind === "list" ? right.of : T_DYNAMIC;
      if (!equatable(left, element)) fail(e.position, mismatch(left, element, "in"));
      return T_BOOL;
    }
    const ok = e.operator === "==" || e.operator === "!=" ? equatable(left, right) : orderable(left, right);
    if (!ok) fail(e.position, mismatch(left, right, e.operator));
    return T_BOOL;
  }

  private method(e: Extract<Expression, { kind: "method" }>, scope: Scope | undefined): PolicyType {
    if (!(LIST_METHODS as readonly string[]).includes(e.name)) {
      fail(
        e.position,
        `unknown method '${e.name}'; the methods are ${LIST_METHODS.map((m) => `${m}()`).join(", ")}`,
      );
    }
    const target = this.typeOf(e.target, scope);
    if (target.kind !== "list" && target.kind !== "dynamic") {
      fail(e.position, `${e.name}() applies to lists, but ${quote(e.target)} is ${article(target)}`);
    }
    const element = target.kind === "list" ? target.of : T_DYNAMIC;
    if (PREDICATE_METHODS.has(e.name)) {
      this.arity(e, 2, `${e.name}(item, predicate)`);
      const [variable, predicate] = e.args as [Expression, Expression];
      if (variable.kind !== "identifier") {
        fail(
          variable.position,
          `the first argument of ${e.name}() names the item, but ${quote(variable)} is not a name`,
        );
      }
      this.expectBool(
        predicate,
        { name: variable.name, type: element, outer: scope },
        `the predicate of ${e.name}()`,
      );
      return e.name === "filter" ? { kind: "list", of: element } : T_BOOL;
    }
    if (e.name === "count") {
      this.arity(e, 0, "count()");
      return T_INT;
    }
    this.arity(e, 1, "contains(value)");
    const value = this.typeOf(e.args[0]!, scope);
    if (!equatable(value, element)) fail(startOf(e.args[0]!), mismatch(value, element, "contains"));
    return T_BOOL;
  }

  private arity(e: Extract<Expression, { kind: "method" | "call" }>, count: number, usage: string): void {
    if (e.args.length !== count) {
      const takes = count === 0 ? "no arguments" : `${count} argument${count === 1 ? "" : "s"}`;
      fail(e.position, `${usage} takes ${takes}, but was given ${e.args.length}`);
    }
  }

  private call(e: Extract<Expression, { kind: "call" }>): PolicyType {
    if (e.name === "Timestamp") {
      this.arity(e, 1, "Timestamp('<rfc3339>')");
      const text = this.literal(e.args[0]!, "Timestamp()");
      const parsed = parseTimestamp(text);
      if ("problem" in parsed) fail(e.args[0]!.position, `Timestamp('${text}'): ${parsed.problem}`);
      return T_TIMESTAMP;
    }
    if (e.name === "CronSpan") {
      this.arity(e, 3, "CronSpan('<cron>', '<duration>', '<time zone>')");
      const [cron, duration, zone] = e.args as [Expression, Expression, Expression];
      const schedule = parseCron(this.literal(cron, "CronSpan()"));
      if ("problem" in schedule) fail(cron.position, `CronSpan: ${schedule.problem}`);
      const minutes = parseDuration(this.literal(duration, "CronSpan()"));
      if (typeof minutes !== "number") fail(duration.position, `CronSpan: ${minutes.problem}`);
      const name = this.literal(zone, "CronSpan()");
      if (!isTimeZone(name)) fail(zone.position, `CronSpan: '${name}' is not an IANA time zone name`);
      if (!this.hasTimeNow()) fail(e.position, "CronSpan() reads time.now, which is not available here");
      return T_BOOL;
    }
    return fail(
      e.position,
      `unknown function '${e.name}'; the functions are ${FUNCTIONS.map((f) => `${f}()`).join(", ")}`,
    );
  }

  /** Time functions take literals, so a bad timestamp or schedule is refused when the policy is created. */
  private literal(e: Expression, call: string): string {
    if (e.kind !== "string") fail(startOf(e), `the arguments of ${call} must be quoted strings`);
    return e.value;
  }

  /** CronSpan reads the root's `time.now` (never a variable named `time`). */
  private hasTimeNow(): boolean {
    const time = fieldType(this.root, "time");
    const now = time?.kind === "struct" ? fieldType(time, "now") : undefined;
    return now?.kind === "timestamp";
  }
}

function namesIn(scope: Scope | undefined): string[] {
  const names: string[] = [];
  for (let s = scope; s; s = s.outer) names.push(s.name);
  return names;
}

function unknownField(target: string, struct: StructType, name: string): string {
  const fields = Object.keys(struct.fields).sort();
  const valid = fields.length > 0 ? `; valid fields: ${fields.join(", ")}` : "";
  return `${target} (${struct.name}) has no field '${name}'${valid}`;
}

function mismatch(left: PolicyType, right: PolicyType, operator: string): string {
  if (operator === "in" || operator === "contains") {
    return `cannot look for ${article(left)} among ${describeType(right)} items`;
  }
  if (operator === "==" || operator === "!=") {
    return `cannot compare ${describeType(left)} with ${describeType(right)} using '${operator}' (it compares two bools, ints, strings or timestamps)`;
  }
  return `cannot compare ${describeType(left)} with ${describeType(right)} using '${operator}' (it orders two ints or two timestamps)`;
}
