import type { PolicyValue } from "../types";
import { isRecord } from "./guards";

/**
 * One field of `activity.params`: its snake_case name for policies, the camelCase parameter it is
 * read from, and how. Each activity definition lists the ones the reference exposes for its type
 * ("Activity parameters" in language.mdx, plus `user_id`, `target_public_key` and
 * `session_profile_id` from our wire notes, reference/wire-format.md §6). Anything else is absent,
 * so reading it is an evaluation error, as the reference says.
 */
export interface PolicyParam {
  name: string;
  from: string;
  read(value: unknown): PolicyValue | undefined;
}

const field =
  (read: PolicyParam["read"]) =>
  (name: string, from: string): PolicyParam => ({ name, from, read });

export const textParam = field((value) => (typeof value === "string" ? value : undefined));
export const flagParam = field((value) => (typeof value === "boolean" ? value : undefined));
export const integerParam = field((value) =>
  typeof value === "number" && Number.isInteger(value)
    ? BigInt(value)
    : typeof value === "string" && /^\d+$/.test(value)
      ? BigInt(value)
      : undefined,
);
export const textsParam = field((value) =>
  Array.isArray(value) && value.every((v) => typeof v === "string") ? [...value] : undefined,
);

/** `activity.params` of one activity: the declared fields its validated parameters hold. */
export function paramsOf(fields: readonly PolicyParam[], intentParams: unknown): PolicyValue {
  const source = isRecord(intentParams) ? intentParams : {};
  const params: Record<string, PolicyValue> = {};
  for (const { name, from, read } of fields) {
    const value = read(source[from]);
    if (value !== undefined) params[name] = value;
  }
  return params;
}

/** sign_raw_payload(s): the two fields the reference's examples check most. */
export const SIGN_RAW_PARAMS = [
  textParam("hash_function", "hashFunction"),
  textParam("encoding", "encoding"),
];
/** export_*: who the bundle is encrypted to. */
export const TARGET_PUBLIC_KEY_PARAMS = [textParam("target_public_key", "targetPublicKey")];
