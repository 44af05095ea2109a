import type { TDecodedContent } from "@/lib/api/activity-summary";
import type { ActivityTargets } from "../policy/profile";
import type { DecodeEnvironment } from "./environment";
import { decodeEthereumTransaction } from "./ethereum-transaction";
import { decodeHex, decodeText } from "./raw-payload";
import { decodeSolanaTransaction } from "./solana-transaction";
import { type DecodedTree, flatten } from "./tree";
import { decodeAuthorization, decodeTypedData } from "./typed-data";

export type { DecodeEnvironment } from "./environment";

/**
 * What an activity signs (its definition's `targets().signs`), decoded for the approver: one entry
 * per transaction or payload. Content that cannot be read becomes an "undecodable" entry that says
 * why, never an error: the approver must still see that something unreadable is being signed.
 */
export function decodeSigned(
  signs: NonNullable<ActivityTargets["signs"]>,
  env: DecodeEnvironment,
  hashFunction?: string,
): TDecodedContent[] {
  if ("unsignedTransaction" in signs) {
    return [
      attempt(signs.unsignedTransaction, () =>
        signs.transactionType === "TRANSACTION_TYPE_SOLANA"
          ? decodeSolanaTransaction(signs.unsignedTransaction, env)
          : decodeEthereumTransaction(signs.unsignedTransaction, env, signs.from),
      ),
    ];
  }
  if ("unsignedTransactions" in signs) {
    // The calls of one EIP-7702 batch: each shown as the transaction it would be alone.
    return signs.unsignedTransactions.map((call) =>
      attempt(call, () => decodeEthereumTransaction(call, env)),
    );
  }
  return signs.payloads.map((payload) =>
    attempt(payload, () => {
      switch (signs.encoding) {
        case "PAYLOAD_ENCODING_EIP712":
          return decodeTypedData(payload);
        case "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION":
          return decodeAuthorization(payload);
        case "PAYLOAD_ENCODING_TEXT_UTF8":
          return decodeText(payload);
        default:
          return decodeHex(payload, hashFunction);
      }
    }),
  );
}

function attempt(raw: string, decode: () => DecodedTree): TDecodedContent {
  try {
    return flatten(decode());
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return {
      kind: "undecodable",
      headline: "Content that cannot be decoded",
      fields: [
        {
          label: "As sent",
          value: raw.length > 200 ? `${raw.slice(0, 200)}… (${raw.length} characters)` : raw,
          depth: 0,
        },
      ],
      warning: `Latchkey cannot decode this: ${reason}`,
    };
  }
}
