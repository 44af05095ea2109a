import { bytesToHex } from "@noble/hashes/utils.js";
import { parseTransaction, type TransactionSerializable } from "viem";
import { decodeHexField } from "../encoding/hex";
import { InputError } from "../encoding/input-error";
import { errorSummary } from "../policy/context/guards";

const FIELD = "unsignedTransaction";

/**
 * A serialized Ethereum transaction (legacy, EIP-2930, EIP-1559, EIP-4844 body, EIP-7702; unsigned
 * or signed) read into its fields. The one reader both the policy engine's `eth.tx` and the
 * approver's decoded view start from. Throws InputError (a 400 naming the field) when the hex is not
 * a transaction.
 */
export function readEthTransaction(hex: string): TransactionSerializable {
  const bytes = decodeHexField(hex, FIELD);
  if (bytes.length === 0) throw new InputError(`${FIELD} is empty`);
  try {
    return parseTransaction(`0x${bytesToHex(bytes)}`);
  } catch (error) {
    throw new InputError(
      `${FIELD} is not a serialized Ethereum transaction (legacy, 0x01, 0x02, 0x03 or 0x04): ${errorSummary(error)}`,
    );
  }
}
