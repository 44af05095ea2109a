import { keccak_256 } from "@noble/hashes/sha3.js";
import { concatBytes } from "@noble/hashes/utils.js";
import { isAddress, numberToHex, toRlp } from "viem";
import { SignerInputError } from "../errors";
import { parseJsonObject } from "./json-payload";

const EXPECTED = "an EIP-7702 authorization {address, chainId, nonce}";
const MAGIC = Uint8Array.of(0x05);
const MAX_UINT64 = 2n ** 64n - 1n;
const MAX_UINT256 = 2n ** 256n - 1n;

/**
 * The EIP-7702 authorization digest keccak256(0x05 ‖ rlp([chainId, address, nonce])) of the JSON
 * @turnkey/viem's signAuthorization sends: `{"address", "chainId", "nonce"}` with numbers. The
 * address may also be called `contractAddress` (viem's other name for it); integers may also come
 * as decimal or 0x strings so that values beyond 2^53 survive JSON.
 */
export function eip7702AuthorizationDigest(payload: string): Uint8Array {
  const authorization = parseJsonObject(payload, "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION", EXPECTED);
  const address = authorization.address ?? authorization.contractAddress;
  if (typeof address !== "string" || !isAddress(address)) {
    throw new SignerInputError(
      "payload.address must be a 20-byte 0x-prefixed Ethereum address (a mixed-case address must carry a valid EIP-55 checksum)",
    );
  }
  const chainId = unsignedInteger(authorization.chainId, "payload.chainId", MAX_UINT256);
  const nonce = unsignedInteger(authorization.nonce, "payload.nonce", MAX_UINT64);
  // RLP encodes the integer zero as the empty string.
  const rlp = toRlp(
    [chainId === 0n ? "0x" : numberToHex(chainId), address, nonce === 0n ? "0x" : numberToHex(nonce)],
    "bytes",
  );
  return keccak_256(concatBytes(MAGIC, rlp));
}

function unsignedInteger(value: unknown, field: string, max: bigint): bigint {
  let parsed: bigint | undefined;
  if (typeof value === "number" && Number.isSafeInteger(value)) parsed = BigInt(value);
  if (typeof value === "string" && /^(0x[0-9a-fA-F]+|[0-9]+)$/.test(value)) parsed = BigInt(value);
  if (parsed === undefined || parsed < 0n || parsed > max) {
    throw new SignerInputError(
      `${field} must be an unsigned integer no larger than ${max} (a JSON number up to 2^53, or a decimal or 0x string)`,
    );
  }
  return parsed;
}
