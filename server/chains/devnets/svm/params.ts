import { type Address, isAddress } from "@solana/kit";
import type { SvmLedger } from "./ledger";
import { invalidParams } from "./rpc-errors";

/** The positional parameter `index`, required. */
export function param(params: unknown[], index: number, name: string): unknown {
  if (params[index] === undefined) throw invalidParams(`missing ${name} (parameter ${index + 1})`);
  return params[index];
}

export function addressParam(params: unknown[], index: number, name = "address"): Address {
  const value = param(params, index, name);
  if (typeof value !== "string" || !isAddress(value)) {
    throw invalidParams(`${name} ${JSON.stringify(value)} is not a base58 32-byte address`);
  }
  return value;
}

/** The optional configuration object at `index` (commitment, encoding, …). */
export function configParam(params: unknown[], index: number): Record<string, unknown> {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== "object" || Array.isArray(value)) {
    throw invalidParams(`parameter ${index + 1} must be a configuration object`);
  }
  return value as Record<string, unknown>;
}

export function integerParam(params: unknown[], index: number, name: string, max = 2n ** 64n - 1n): bigint {
  const value = param(params, index, name);
  if ((typeof value !== "number" || !Number.isInteger(value)) && typeof value !== "bigint") {
    throw invalidParams(`${name} must be an integer`);
  }
  const n = BigInt(value);
  if (n < 0n || n > max) throw invalidParams(`${name} must be between 0 and ${max}`);
  return n;
}

export function stringListParam(params: unknown[], index: number, name: string, max: number): string[] {
  const value = param(params, index, name);
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) {
    throw invalidParams(`${name} must be an array of strings`);
  }
  if (value.length > max) throw invalidParams(`${name} holds more than ${max} entries`);
  return value as string[];
}

/** `{context: {slot}, value}`: how Solana answers every read that depends on a slot. */
export function withContext<T>(ledger: SvmLedger, value: T) {
  return { context: { apiVersion: "2.2.0", slot: ledger.clock.slot() }, value };
}
