import { anchorInstructionDiscriminator, toSnakeCase } from "./anchor-discriminator";
import { idlTypeProblem } from "./anchor-idl-types";
import { isObject, parseJsonDocument, type Reject, rejecter, show } from "./errors";

/**
 * An Anchor IDL checked instruction by instruction, in either shape Anchor has published:
 * legacy (before 0.30: `name`/`version` at the top, camelCase names, `isMut`/`isSigner`, no
 * discriminators) and 0.30+ (`address` and `metadata.spec` at the top, snake_case names,
 * `writable`/`signer`, an explicit `discriminator` per instruction).
 */

export interface IdlAccount {
  /** Accounts of a composite group are flattened in order, named `group.account`. */
  name: string;
  writable: boolean;
  signer: boolean;
  optional: boolean;
}

export interface IdlInstruction {
  name: string;
  /** Hex of the bytes instruction data starts with (8 unless the program set its own). */
  discriminator: string;
  accounts: IdlAccount[];
  args: { name: string; type: unknown }[];
}

export interface ParsedIdl {
  format: "anchor-legacy" | "anchor-0.30";
  name: string;
  instructions: IdlInstruction[];
  /** Discriminator hex → instruction name: how the policy engine recognises instruction data. */
  instructionsByDiscriminator: Record<string, string>;
}

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const MAX_ACCOUNT_NESTING = 16;

export function parseAnchorIdl(text: string, field: string, programId: string): ParsedIdl {
  const reject = rejecter(field);
  const idl = parseJsonDocument(text, reject, "an Anchor IDL object");
  if (!isObject(idl)) {
    const abi = Array.isArray(idl) ? " (an array looks like an Ethereum ABI; check the type)" : "";
    return reject(`must be an Anchor IDL: a JSON object with "instructions"${abi}`);
  }
  const modern = typeof idl.address === "string" || (isObject(idl.metadata) && "spec" in idl.metadata);
  const name = modern ? modernHeader(idl, reject, programId) : legacyHeader(idl, reject, programId);
  if (!Array.isArray(idl.instructions) || idl.instructions.length === 0) {
    return reject('"instructions" must be a non-empty array');
  }
  const instructions = idl.instructions.map((raw, i) => parseInstruction(raw, i, modern, reject));
  return {
    format: modern ? "anchor-0.30" : "anchor-legacy",
    name,
    instructions,
    instructionsByDiscriminator: index(instructions, reject),
  };
}

function modernHeader(idl: Record<string, unknown>, reject: Reject, programId: string): string {
  if (typeof idl.address !== "string") return reject('an Anchor 0.30+ IDL needs "address" (the program id)');
  if (idl.address !== programId) {
    reject(`the IDL is for program ${idl.address}, but smartContractAddress is ${programId}`);
  }
  const metadata = idl.metadata;
  if (!isObject(metadata) || typeof metadata.name !== "string" || typeof metadata.spec !== "string") {
    return reject('an Anchor 0.30+ IDL needs "metadata" with "name" and "spec"');
  }
  return metadata.name;
}

function legacyHeader(idl: Record<string, unknown>, reject: Reject, programId: string): string {
  if (typeof idl.name !== "string" || idl.name.length === 0) {
    return reject('must be an Anchor IDL: "name" (legacy) or "address" and "metadata" (0.30+) are missing');
  }
  const declared = isObject(idl.metadata) ? idl.metadata.address : undefined;
  if (typeof declared === "string" && declared !== programId) {
    reject(`the IDL is for program ${declared}, but smartContractAddress is ${programId}`);
  }
  return idl.name;
}

function parseInstruction(raw: unknown, i: number, modern: boolean, reject: Reject): IdlInstruction {
  if (!isObject(raw)) return reject(`instructions[${i}] must be an object, not ${show(raw)}`);
  if (typeof raw.name !== "string" || !NAME.test(raw.name)) {
    return reject(`instructions[${i}]: "name" must be an identifier, not ${show(raw.name)}`);
  }
  const fail: Reject = (problem) => reject(`instructions[${i}] (${show(raw.name)}): ${problem}`);
  if (!Array.isArray(raw.accounts)) fail(`"accounts" must be an array, not ${show(raw.accounts)}`);
  if (!Array.isArray(raw.args)) fail(`"args" must be an array, not ${show(raw.args)}`);
  return {
    name: raw.name,
    discriminator: modern
      ? givenDiscriminator(raw.discriminator, fail)
      : anchorInstructionDiscriminator(toSnakeCase(raw.name)),
    accounts: flattenAccounts(raw.accounts as unknown[], "accounts", "", modern, fail, 0),
    args: (raw.args as unknown[]).map((arg, j) => parseArg(arg, `args[${j}]`, fail)),
  };
}

function givenDiscriminator(raw: unknown, fail: Reject): string {
  const bytes = Array.isArray(raw) && raw.length >= 1 && raw.length <= 32 ? raw : undefined;
  if (!bytes?.every((b) => Number.isInteger(b) && b >= 0 && b <= 255)) {
    return fail(`"discriminator" must be an array of 1 to 32 bytes (0-255), not ${show(raw)}`);
  }
  return bytes.map((b: number) => b.toString(16).padStart(2, "0")).join("");
}

function flattenAccounts(
  list: unknown[],
  path: string,
  prefix: string,
  modern: boolean,
  fail: Reject,
  depth: number,
): IdlAccount[] {
  if (depth > MAX_ACCOUNT_NESTING)
    fail(`${path}: account groups nest deeper than ${MAX_ACCOUNT_NESTING} levels`);
  return list.flatMap((raw, k) => {
    const at = `${path}[${k}]`;
    if (!isObject(raw) || typeof raw.name !== "string" || raw.name.length === 0) {
      return fail(`${at} must be an object with a "name", not ${show(raw)}`);
    }
    const name = `${prefix}${raw.name}`;
    if (raw.accounts !== undefined) {
      if (!Array.isArray(raw.accounts)) return fail(`${at}: "accounts" of a group must be an array`);
      return flattenAccounts(raw.accounts, `${at}.accounts`, `${name}.`, modern, fail, depth + 1);
    }
    const flag = (key: string, required: boolean): boolean => {
      const value = raw[key];
      if (value === undefined && !required) return false;
      if (typeof value !== "boolean")
        return fail(`${at} (${show(raw.name)}): "${key}" must be a boolean, not ${show(value)}`);
      return value;
    };
    return modern
      ? [
          {
            name,
            writable: flag("writable", false),
            signer: flag("signer", false),
            optional: flag("optional", false),
          },
        ]
      : [
          {
            name,
            writable: flag("isMut", true),
            signer: flag("isSigner", true),
            optional: flag("isOptional", false),
          },
        ];
  });
}

function parseArg(raw: unknown, at: string, fail: Reject): { name: string; type: unknown } {
  if (!isObject(raw) || typeof raw.name !== "string" || raw.name.length === 0) {
    return fail(`${at} must be an object with a "name" and a "type", not ${show(raw)}`);
  }
  const problem = idlTypeProblem(raw.type);
  if (problem) fail(`${at} (${show(raw.name)}): "type": ${problem}`);
  return { name: raw.name, type: raw.type };
}

/** Two instructions with one name or one discriminator would make instruction data ambiguous. */
function index(instructions: IdlInstruction[], reject: Reject): Record<string, string> {
  const byDiscriminator: Record<string, string> = {};
  const names = new Map<string, number>();
  const owners = new Map<string, number>();
  instructions.forEach((instruction, i) => {
    const sameName = names.get(instruction.name);
    if (sameName !== undefined) {
      reject(
        `instructions[${i}]: instruction "${instruction.name}" is declared twice (also instructions[${sameName}])`,
      );
    }
    const sameBytes = owners.get(instruction.discriminator);
    if (sameBytes !== undefined) {
      reject(
        `instructions[${i}] ("${instruction.name}"): discriminator ${instruction.discriminator} is also that of instructions[${sameBytes}] ("${instructions[sameBytes]!.name}")`,
      );
    }
    names.set(instruction.name, i);
    owners.set(instruction.discriminator, i);
    byDiscriminator[instruction.discriminator] = instruction.name;
  });
  return byDiscriminator;
}
