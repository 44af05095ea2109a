/**
 * The value and type vocabulary shared by the policy language (server/policy/language/) and the
 * evaluation contexts built from activities (server/policy/context/). Plain data, no behaviour.
 */

/** Static types of the policy language. `int` covers Turnkey's int (i128) and uint (u256): bigint. */
export type PolicyType =
  | { kind: "bool" }
  | { kind: "int" }
  | { kind: "string" }
  | { kind: "timestamp" }
  | { kind: "list"; of: PolicyType }
  /** A record with known fields; `open` records (e.g. decoded contract arguments) allow any field of type `rest`. */
  | { kind: "struct"; name: string; fields: Record<string, PolicyType>; rest?: PolicyType }
  /**
   * A value whose type is known only when the policy is evaluated: Turnkey's `ContractArgument` and
   * EIP-712 `Value` (decoded contract arguments, typed-data message fields, whose shape depends on
   * the contract called or the message signed). Any PolicyValue; the evaluator checks each use.
   */
  | { kind: "dynamic" };

/**
 * Runtime values. A struct field that the schema declares but the activity does not have (e.g.
 * `eth.tx` for a wallet creation) is simply absent: reading it is an evaluation error, which makes
 * that policy's outcome OUTCOME_ERROR, never a crash.
 */
export type PolicyValue =
  | boolean
  | bigint
  | string
  | Date
  | PolicyValue[]
  | { readonly [field: string]: PolicyValue | undefined };

export const T = {
  bool: { kind: "bool" } as PolicyType,
  int: { kind: "int" } as PolicyType,
  string: { kind: "string" } as PolicyType,
  timestamp: { kind: "timestamp" } as PolicyType,
  dynamic: { kind: "dynamic" } as PolicyType,
  list: (of: PolicyType): PolicyType => ({ kind: "list", of }),
  struct: (name: string, fields: Record<string, PolicyType>, rest?: PolicyType): PolicyType => ({
    kind: "struct",
    name,
    fields,
    ...(rest ? { rest } : {}),
  }),
};
