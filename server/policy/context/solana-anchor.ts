import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import { base58 } from "@scure/base";
import type { IdlInstruction, ParsedIdl } from "../../contracts";
import type { PolicyValue } from "../types";
import { isRecord } from "./guards";

/**
 * `parsed_instruction_data` of an instruction to a program with a registered Anchor IDL: the
 * instruction whose discriminator the data starts with (the longest, should one prefix another),
 * the IDL's account names matched to the instruction's accounts by position, and the arguments.
 * Undefined when no instruction of the IDL matches.
 */
export function parseAnchorInstruction(
  idl: ParsedIdl,
  accounts: string[],
  dataHex: string,
): Record<string, PolicyValue> | undefined {
  let match: IdlInstruction | undefined;
  for (const instruction of idl.instructions) {
    const d = instruction.discriminator;
    if (dataHex.startsWith(d) && d.length > (match?.discriminator.length ?? 0)) match = instruction;
  }
  if (!match) return undefined;
  const namedAccounts: Record<string, string> = {};
  match.accounts.forEach((account, i) => {
    if (i < accounts.length) namedAccounts[account.name] = accounts[i]!;
  });
  const args = decodeArgs(match.args, hexToBytes(dataHex.slice(match.discriminator.length)));
  return {
    instruction_name: match.name,
    discriminator: match.discriminator,
    named_accounts: namedAccounts,
    ...(args ? { program_call_args: args } : {}),
  };
}

class Undecodable extends Error {}

/**
 * The Borsh-encoded arguments by name, or undefined when any of them cannot be decoded: types the
 * stored IDL cannot resolve (`defined` and `generic`: server/contracts keeps instructions, not the
 * IDL's type definitions), floats (the policy language has no floating point), an absent option
 * inside a list (a list item cannot be absent), or data that runs short. All or nothing, since
 * Borsh is positional: one unknown length hides every argument after it.
 */
export function decodeArgs(args: { name: string; type: unknown }[], data: Uint8Array) {
  const reader = new Borsh(data);
  const out: Record<string, PolicyValue> = {};
  try {
    for (const arg of args) {
      const value = reader.read(arg.type, true);
      if (value !== undefined) out[arg.name] = value;
    }
  } catch (error) {
    if (error instanceof Undecodable) return undefined;
    throw error;
  }
  return out;
}

const INTEGER = /^([iu])(8|16|32|64|128|256)$/;

class Borsh {
  private offset = 0;
  constructor(private readonly data: Uint8Array) {}

  /** `absentAllowed`: an option may be None only where a field can be left out. */
  read(type: unknown, absentAllowed = false): PolicyValue | undefined {
    if (typeof type === "string") return this.primitive(type);
    if (!isRecord(type)) throw new Undecodable();
    if ("vec" in type) return this.items(this.u32(), type.vec);
    if ("array" in type && Array.isArray(type.array) && typeof type.array[1] === "number") {
      return this.items(type.array[1], type.array[0]);
    }
    if ("option" in type || "coption" in type) {
      const present = "option" in type ? this.take(1)[0] : this.u32();
      if (present === 0) {
        if (!absentAllowed) throw new Undecodable();
        return undefined;
      }
      if (present !== 1) throw new Undecodable();
      return this.read("option" in type ? type.option : type.coption);
    }
    throw new Undecodable(); // defined, generic
  }

  private primitive(type: string): PolicyValue {
    const integer = INTEGER.exec(type);
    if (integer) return this.integer(Number(integer[2]) / 8, integer[1] === "i");
    switch (type) {
      case "bool": {
        const byte = this.take(1)[0];
        if (byte !== 0 && byte !== 1) throw new Undecodable();
        return byte === 1;
      }
      case "string":
        try {
          return new TextDecoder("utf-8", { fatal: true }).decode(this.take(this.u32()));
        } catch {
          throw new Undecodable();
        }
      case "bytes":
        return bytesToHex(this.take(this.u32()));
      case "pubkey":
      case "publicKey":
        return base58.encode(this.take(32));
      default:
        throw new Undecodable(); // f32, f64
    }
  }

  private items(count: number, element: unknown): PolicyValue[] {
    // Every item takes at least a byte (bar zero-length arrays): a longer count is a lie.
    if (count > this.data.length - this.offset) throw new Undecodable();
    return Array.from({ length: count }, () => this.read(element) as PolicyValue);
  }

  private u32(): number {
    return Number(this.integer(4, false));
  }

  private integer(size: number, signed: boolean): bigint {
    const bytes = this.take(size);
    let value = 0n;
    for (let i = size - 1; i >= 0; i--) value = (value << 8n) | BigInt(bytes[i]!);
    return signed ? BigInt.asIntN(size * 8, value) : value;
  }

  private take(length: number): Uint8Array {
    if (this.offset + length > this.data.length) throw new Undecodable();
    const out = this.data.subarray(this.offset, this.offset + length);
    this.offset += length;
    return out;
  }
}
