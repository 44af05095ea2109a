import { hexToBytes } from "@noble/hashes/utils.js";
import { hashTypedData, type TypedDataDefinition, validateTypedData } from "viem";
import { SignerInputError } from "../errors";
import { isPlainObject, parseJsonObject } from "./json-payload";
import { reasonOf } from "./library-error";

const EXPECTED = "EIP-712 typed data {types, primaryType, domain, message}";

/**
 * The EIP-712 signing digest keccak256(0x1901 ‖ domainSeparator ‖ hashStruct(message)) of a typed-data
 * JSON document, as @turnkey/viem sends it (viem's `serializeTypedData`: numbers may be decimal
 * strings, `types.EIP712Domain` may be absent and is then inferred from the domain's fields).
 */
export function eip712Digest(payload: string): Uint8Array {
  const document = parseJsonObject(payload, "PAYLOAD_ENCODING_EIP712", EXPECTED);
  const { types, primaryType, domain = {}, message = {} } = document;
  if (!isPlainObject(types))
    throw new SignerInputError("payload.types must be an object of EIP-712 struct types");
  if (typeof primaryType !== "string") throw new SignerInputError("payload.primaryType must be a string");
  if (primaryType !== "EIP712Domain" && !Object.hasOwn(types, primaryType)) {
    throw new SignerInputError(
      `payload.primaryType ${JSON.stringify(primaryType)} is not defined in payload.types`,
    );
  }
  if (!isPlainObject(domain)) throw new SignerInputError("payload.domain must be an object");
  if (!isPlainObject(message)) throw new SignerInputError("payload.message must be an object");

  const definition = { types, primaryType, domain, message } as unknown as TypedDataDefinition;
  try {
    // validateTypedData checks every value against its declared type (address form, integer
    // range, bytesN length), so a malformed document is refused instead of hashed loosely.
    validateTypedData(definition);
    return hexToBytes(hashTypedData(definition).slice(2));
  } catch (error) {
    throw new SignerInputError(`payload is not valid EIP-712 typed data: ${reasonOf(error)}`);
  }
}
