import { isAddress, type TypedDataDefinition, validateTypedData } from "viem";
import { InputError } from "../../encoding/input-error";
import type { PolicyValue } from "../types";
import { errorSummary, isRecord } from "./guards";

type Fields = readonly { name: string; type: string }[];

/** The EIP-712 domain fields and their types (EIP-712 §"Definition of domainSeparator"). */
const DOMAIN_FIELDS = [
  ["name", "name", "string"],
  ["version", "version", "string"],
  ["chainId", "chain_id", "uint256"],
  ["verifyingContract", "verifying_contract", "address"],
  ["salt", "salt", "bytes32"],
] as const;

/**
 * `eth.eip_712` of a sign_raw_payload with PAYLOAD_ENCODING_EIP712: the typed-data JSON as
 * @turnkey/viem sends it. The document is checked as the signer checks it (viem's
 * validateTypedData), then read by its declared types: integers → int (JSON numbers or decimal / 0x
 * strings), addresses and bytes → lower-case hex (the reference: "EIP-712 messages … will be
 * normalized to lowercase"), structs → structs, arrays → lists. Message fields the types do not
 * declare are left out: they are not signed.
 */
export function ethTypedDataContext(typedDataJson: string): PolicyValue {
  const document = parseObject(
    typedDataJson,
    "PAYLOAD_ENCODING_EIP712",
    "{types, primaryType, domain, message}",
  );
  const { types, primaryType, domain = {}, message = {} } = document;
  if (!isRecord(types)) throw new InputError("payload.types must be an object of EIP-712 struct types");
  if (typeof primaryType !== "string") throw new InputError("payload.primaryType must be a string");
  if (!isRecord(domain)) throw new InputError("payload.domain must be an object");
  if (!isRecord(message)) throw new InputError("payload.message must be an object");
  if (primaryType !== "EIP712Domain" && !Object.hasOwn(types, primaryType)) {
    throw new InputError(
      `payload.primaryType ${JSON.stringify(primaryType)} is not defined in payload.types`,
    );
  }
  try {
    validateTypedData({ types, primaryType, domain, message } as unknown as TypedDataDefinition);
  } catch (error) {
    throw new InputError(`payload is not valid EIP-712 typed data: ${errorSummary(error)}`);
  }

  const structs = types as Record<string, Fields>;
  const domainValue: Record<string, PolicyValue> = {};
  for (const [key, name, type] of DOMAIN_FIELDS) {
    if (domain[key] !== undefined)
      domainValue[name] = typedValue(structs, type, domain[key], `payload.domain.${key}`);
  }
  const messageValue =
    primaryType === "EIP712Domain" ? {} : typedValue(structs, primaryType, message, "payload.message");
  return { primary_type: primaryType, domain: domainValue, message: messageValue };
}

/**
 * `eth.eip_7702_authorization` of a sign_raw_payload with PAYLOAD_ENCODING_EIP7702_AUTHORIZATION:
 * `{address (or contractAddress), chainId, nonce}`. The reference's table types chain_id and nonce
 * as numbers (one of its examples quotes them as strings; we follow the table): int here.
 */
export function ethAuthorizationContext(authorizationJson: string): PolicyValue {
  const authorization = parseObject(
    authorizationJson,
    "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
    "an EIP-7702 authorization {address, chainId, nonce}",
  );
  const address = authorization.address ?? authorization.contractAddress;
  if (typeof address !== "string" || !isAddress(address)) {
    throw new InputError("payload.address must be a 20-byte 0x-prefixed Ethereum address");
  }
  return {
    address: address.toLowerCase(),
    chain_id: unsigned(authorization.chainId, "payload.chainId"),
    nonce: unsigned(authorization.nonce, "payload.nonce"),
  };
}

function typedValue(types: Record<string, Fields>, type: string, value: unknown, at: string): PolicyValue {
  const array = /^(.*)\[(\d*)\]$/.exec(type);
  if (array) {
    if (!Array.isArray(value)) throw new InputError(`${at} must be an array (${type})`);
    return value.map((item, i) => typedValue(types, array[1]!, item, `${at}[${i}]`));
  }
  const struct = types[type];
  if (struct) {
    if (!isRecord(value)) throw new InputError(`${at} must be an object (${type})`);
    const fields: Record<string, PolicyValue> = {};
    for (const field of struct) {
      const item = value[field.name];
      if (item !== undefined) fields[field.name] = typedValue(types, field.type, item, `${at}.${field.name}`);
    }
    return fields;
  }
  if (/^u?int\d*$/.test(type)) return integer(value, at);
  if (type === "bool") {
    if (typeof value !== "boolean") throw new InputError(`${at} must be a boolean`);
    return value;
  }
  if (type === "string") {
    if (typeof value !== "string") throw new InputError(`${at} must be a string`);
    return value;
  }
  // address, bytes, bytesN: hex, which validateTypedData has checked for addresses and bytesN.
  if (typeof value !== "string") throw new InputError(`${at} must be a 0x hex string (${type})`);
  return value.toLowerCase();
}

function integer(value: unknown, at: string): bigint {
  if (typeof value === "number" && Number.isSafeInteger(value)) return BigInt(value);
  if (typeof value === "bigint") return value;
  if (typeof value === "string" && /^(-?[0-9]+|0x[0-9a-fA-F]+)$/.test(value)) return BigInt(value);
  throw new InputError(`${at} must be an integer (a JSON number up to 2^53, or a decimal or 0x string)`);
}

function unsigned(value: unknown, at: string): bigint {
  const parsed = integer(value, at);
  if (parsed < 0n) throw new InputError(`${at} must not be negative`);
  return parsed;
}

function parseObject(payload: string, encoding: string, expected: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(payload);
  } catch {
    throw new InputError(`payload is not valid JSON: ${encoding} expects ${expected}`);
  }
  if (!isRecord(parsed))
    throw new InputError(`payload must be a JSON object: ${encoding} expects ${expected}`);
  return parsed;
}
