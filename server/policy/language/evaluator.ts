import type { PolicyValue } from "../types";
import { type Expression, type Position, startOf } from "./ast";
import { parseCron, parseDuration, withinCronSpan } from "./cron-span";
import { PolicyEvaluationError } from "./errors";
import { DEFAULT_MAX_STEPS } from "./limits";
import { printPolicyExpression } from "./printer";
import { parseTimestamp } from "./timestamp";
import { describeValue, kindOf, ownField, type Struct, stringLength, stringSlice } from "./values";

export interface EvaluationOptions {
  /** Nodes visited plus list items iterated or compared before giving up; default 100,000. */
  maxSteps?: number;
}

/** Lambda variables bound to list items, innermost first. */
interface Scope {
  name: string;
  value: PolicyValue;
  outer?: Scope;
}

/**
 * Evaluates a (type-checked) expression against one context. Nothing short-circuits: both sides
 * of `&&` and `||` and the predicate for every list item are evaluated, so an error anywhere is an
 * error (Turnkey: such a policy's outcome is OUTCOME_ERROR). Throws PolicyEvaluationError and
 * nothing else; a result that is not a bool is one too.
 */
export function evaluatePolicyExpression(
  expression: Expression,
  context: PolicyValue,
  options: EvaluationOptions = {},
): boolean {
  let result: PolicyValue;
  try {
    if (kindOf(context) !== "struct") fail(startOf(expression), "the context is not a struct of keywords");
    result = new Evaluation(context as Struct, options.maxSteps ?? DEFAULT_MAX_STEPS).value(
      expression,
      undefined,
    );
  } catch (error) {
    if (error instanceof PolicyEvaluationError) throw error;
    // A bug or a hostile context (a getter that throws, say) must still read as an evaluation error.
    const reason = error instanceof Error ? error.message : String(error);
    throw new PolicyEvaluationError(startOf(expression), `evaluation failed: ${reason}`, { cause: error });
  }
  if (typeof result !== "boolean") {
    fail(startOf(expression), `${quote(expression)} evaluated to ${describeValue(result)}, not a bool`);
  }
  return result;
}

function fail(at: Position, message: string): never {
  throw new PolicyEvaluationError(at, message);
}

const quote = (expression: Expression) => {
  const text = printPolicyExpression(expression);
  return text.length > 60 ? `${text.slice(0, 60)}…` : text;
};

type Node<K extends Expression["kind"]> = Extract<Expression, { kind: K }>;

class Evaluation {
  private steps = 0;

  constructor(
    private readonly root: Struct,
    private readonly maxSteps: number,
  ) {}

  private tick(at: Position): void {
    if (++this.steps > this.maxSteps) fail(at, `evaluation exceeded its budget of ${this.maxSteps} steps`);
  }

  value(e: Expression, scope: Scope | undefined): PolicyValue {
    this.tick(e.position);
    switch (e.kind) {
      case "bool":
      case "int":
      case "string":
        return e.value;
      case "list":
        return e.items.map((item) => this.value(item, scope));
      case "identifier":
        return this.identifier(e, scope);
      case "member":
        return this.member(e, this.value(e.target, scope));
      case "index":
        return this.index(e, scope);
      case "slice":
        return this.slice(e, scope);
      case "not":
        return !this.bool(e.operand, scope, "the operand of '!'");
      case "logical": {
        const values = e.operands.map((o) => this.bool(o, scope, `each side of '${e.operator}'`));
        return e.operator === "&&" ? values.every(Boolean) : values.some(Boolean);
      }
      case "compare":
        return this.compare(e, scope);
      case "method":
        return this.method(e, scope);
      case "call":
        return this.call(e, scope);
    }
  }

  private bool(e: Expression, scope: Scope | undefined, what: string): boolean {
    const value = this.value(e, scope);
    if (typeof value !== "boolean")
      fail(e.position, `${what} must be a bool, but ${quote(e)} is ${describeValue(value)}`);
    return value;
  }

  private int(e: Expression, scope: Scope | undefined, what: string): bigint {
    const value = this.value(e, scope);
    if (typeof value !== "bigint")
      fail(e.position, `${what} must be an int, but ${quote(e)} is ${describeValue(value)}`);
    return value;
  }

  private identifier(e: Node<"identifier">, scope: Scope | undefined): PolicyValue {
    for (let s = scope; s; s = s.outer) if (s.name === e.name) return s.value;
    const value = ownField(this.root, e.name);
    if (value === undefined) fail(e.position, `'${e.name}' has no value for this activity`);
    return value;
  }

  private member(e: Node<"member">, target: PolicyValue): PolicyValue {
    const kind = kindOf(target);
    if (kind === "struct") {
      const value = ownField(target as Struct, e.name);
      if (value === undefined)
        fail(e.position, `${quote(e)} is absent: ${quote(e.target)} has no field '${e.name}' here`);
      return value;
    }
    if (kind === "list" && e.name === "count") return BigInt((target as PolicyValue[]).length);
    return fail(e.position, `${quote(e.target)} is ${describeValue(target)}, which has no field '${e.name}'`);
  }

  private index(e: Node<"index">, scope: Scope | undefined): PolicyValue {
    const target = this.value(e.target, scope);
    const index = this.value(e.index, scope);
    const kind = kindOf(target);
    if (kind === "struct" && typeof index === "string") {
      const value = ownField(target as Struct, index);
      if (value === undefined) fail(e.index.position, `${quote(e.target)} has no field '${index}' here`);
      return value;
    }
    if (kind !== "list" && kind !== "string") {
      return fail(
        e.position,
        `${quote(e.target)} is ${describeValue(target)}, which cannot be indexed by ${describeValue(index)}`,
      );
    }
    if (typeof index !== "bigint")
      fail(e.index.position, `an index must be an int, but ${quote(e.index)} is ${describeValue(index)}`);
    const length = kind === "list" ? (target as PolicyValue[]).length : stringLength(target as string);
    if (index < 0n || index >= BigInt(length)) {
      fail(e.position, `index ${index} is out of range for ${quote(e.target)} (length ${length})`);
    }
    const i = Number(index);
    if (kind === "string") return stringSlice(target as string, i, i + 1);
    const item = (target as PolicyValue[])[i];
    if (item === undefined) fail(e.position, `${quote(e)} is absent`);
    return item;
  }

  private slice(e: Node<"slice">, scope: Scope | undefined): PolicyValue {
    const target = this.value(e.target, scope);
    const kind = kindOf(target);
    const start = e.start ? this.int(e.start, scope, "a slice bound") : 0n;
    const end = e.end ? this.int(e.end, scope, "a slice bound") : undefined;
    if (kind !== "list" && kind !== "string") {
      return fail(
        e.position,
        `only lists and strings can be sliced, but ${quote(e.target)} is ${describeValue(target)}`,
      );
    }
    const length = kind === "list" ? (target as PolicyValue[]).length : stringLength(target as string);
    const last = end ?? BigInt(length);
    if (start < 0n || start > last || last > BigInt(length)) {
      fail(e.position, `slice [${start}..${last}] is out of range for ${quote(e.target)} (length ${length})`);
    }
    return kind === "list"
      ? (target as PolicyValue[]).slice(Number(start), Number(last))
      : stringSlice(target as string, Number(start), Number(last));
  }

  private compare(e: Node<"compare">, scope: Scope | undefined): boolean {
    const left = this.value(e.left, scope);
    const right = this.value(e.right, scope);
    if (e.operator === "in") {
      if (!Array.isArray(right))
        fail(e.position, `'in' needs a list on its right, but ${quote(e.right)} is ${describeValue(right)}`);
      return this.among(left, right, e.position, "in");
    }
    if (e.operator === "==" || e.operator === "!=") {
      return this.equal(left, right, e.position, e.operator) === (e.operator === "==");
    }
    const [a, b] = [left, right].map(orderingKey) as [bigint | undefined, bigint | undefined];
    if (a === undefined || b === undefined || kindOf(left) !== kindOf(right)) {
      return fail(
        e.position,
        `cannot order ${describeValue(left)} and ${describeValue(right)} with '${e.operator}' (two ints or two timestamps)`,
      );
    }
    switch (e.operator) {
      case "<":
        return a < b;
      case "<=":
        return a <= b;
      case ">":
        return a > b;
      default:
        return a >= b;
    }
  }

  /** Every item is compared (no early exit), so an incomparable item is always an error. */
  private among(value: PolicyValue, items: PolicyValue[], at: Position, operator: string): boolean {
    let found = false;
    for (const item of items) {
      this.tick(at);
      if (this.equal(value, item, at, operator)) found = true;
    }
    return found;
  }

  private equal(a: PolicyValue, b: PolicyValue, at: Position, operator: string): boolean {
    const kind = kindOf(a);
    if (kind === undefined || kind !== kindOf(b) || kind === "list" || kind === "struct") {
      return fail(at, `cannot compare ${describeValue(a)} with ${describeValue(b)} using '${operator}'`);
    }
    if (kind === "timestamp") return (a as Date).getTime() === (b as Date).getTime();
    if (kind === "string" && isHex(a as string) && isHex(b as string)) {
      return (a as string).toLowerCase() === (b as string).toLowerCase();
    }
    return a === b;
  }

  private method(e: Node<"method">, scope: Scope | undefined): PolicyValue {
    const target = this.value(e.target, scope);
    if (!Array.isArray(target))
      fail(e.position, `${e.name}() applies to lists, but ${quote(e.target)} is ${describeValue(target)}`);
    const arity = e.name === "count" ? 0 : e.name === "contains" ? 1 : 2;
    if (!["all", "any", "contains", "count", "filter"].includes(e.name) || e.args.length !== arity) {
      fail(e.position, `${e.name}() with ${e.args.length} arguments is not a list method`);
    }
    if (e.name === "count") return BigInt(target.length);
    if (e.name === "contains")
      return this.among(this.value(e.args[0]!, scope), target, e.position, "contains");
    const [variable, predicate] = e.args as [Expression, Expression];
    if (variable.kind !== "identifier")
      return fail(variable.position, `${e.name}() needs a variable name first`);
    const verdicts = target.map((item) => {
      this.tick(e.position);
      return this.bool(
        predicate,
        { name: variable.name, value: item, outer: scope },
        `the predicate of ${e.name}()`,
      );
    });
    if (e.name === "all") return verdicts.every(Boolean);
    if (e.name === "any") return verdicts.some(Boolean);
    return target.filter((_, i) => verdicts[i]);
  }

  private call(e: Node<"call">, scope: Scope | undefined): PolicyValue {
    const texts = e.args.map((arg) => {
      const value = this.value(arg, scope);
      if (typeof value !== "string")
        fail(arg.position, `${e.name}() takes strings, but ${quote(arg)} is ${describeValue(value)}`);
      return value;
    });
    if (e.name === "Timestamp" && texts.length === 1) {
      const parsed = parseTimestamp(texts[0]!);
      if ("problem" in parsed) fail(e.position, `Timestamp('${texts[0]}'): ${parsed.problem}`);
      return parsed;
    }
    if (e.name === "CronSpan" && texts.length === 3) {
      const schedule = parseCron(texts[0]!);
      const minutes = parseDuration(texts[1]!);
      if ("problem" in schedule) fail(e.position, `CronSpan: ${schedule.problem}`);
      if (typeof minutes !== "number") fail(e.position, `CronSpan: ${minutes.problem}`);
      const time = ownField(this.root, "time");
      const now = kindOf(time) === "struct" ? ownField(time as Struct, "now") : undefined;
      if (kindOf(now) !== "timestamp") fail(e.position, "CronSpan() needs time.now, which has no value here");
      try {
        return withinCronSpan(schedule, minutes, texts[2]!, now as Date, () => this.tick(e.position));
      } catch (error) {
        if (error instanceof RangeError)
          fail(e.args[2]!.position, `CronSpan: '${texts[2]}' is not a known time zone`);
        throw error;
      }
    }
    return fail(e.position, `${e.name}() with ${texts.length} arguments is not a function`);
  }
}

/** Ints order as themselves, timestamps by their milliseconds; anything else cannot be ordered. */
function orderingKey(value: PolicyValue): bigint | undefined {
  const kind = kindOf(value);
  if (kind === "int") return value as bigint;
  if (kind === "timestamp") return BigInt((value as Date).getTime());
  return undefined;
}

/**
 * Hex is compared without regard to case: a policy may spell an address checksummed (the
 * reference's own examples do) while contexts hold it in lower case. Only when both sides are
 * `0x…` hex; every other string, an EIP-712 `string` field included, compares exactly.
 */
const isHex = (text: string) => /^0x[0-9a-fA-F]*$/.test(text);
