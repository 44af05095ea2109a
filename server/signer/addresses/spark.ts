import { bech32m } from "@scure/base";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";

/**
 * Spark (Bitcoin L2) address: bech32m over the protobuf message SparkAddress { bytes
 * identity_public_key = 1; } holding the 33-byte compressed secp256k1 identity key, i.e.
 * 0x0a 0x21 ‖ key. Prefixes "spark" (mainnet) and "sparkrt" (regtest) are the current ones
 * (Spark SDK, docs.spark.money, Turnkey's Spark page); "sp"/"sprt" are the legacy spellings.
 */
const PROTOBUF_FIELD_1_BYTES = 0x0a; // field 1, wire type 2 (length-delimited)
const COMPRESSED_KEY_LENGTH = 33;

const sparkFormat = (hrp: string): AddressFormatSpec => ({
  curves: ["CURVE_SECP256K1"],
  caip2: undefined,
  // The identity key path of the Spark SDK (purpose 8797555), as Turnkey documents it.
  defaultPath: (index) => `m/8797555'/${index}'/0'`,
  encode: (publicKey) =>
    bech32m.encode(
      hrp,
      bech32m.toWords(Uint8Array.of(PROTOBUF_FIELD_1_BYTES, COMPRESSED_KEY_LENGTH, ...publicKey)),
    ),
});

export const sparkFormats = {
  ADDRESS_FORMAT_SPARK_MAINNET: sparkFormat("spark"),
  ADDRESS_FORMAT_SPARK_REGTEST: sparkFormat("sparkrt"),
} satisfies AddressFormatTable<"ADDRESS_FORMAT_SPARK_MAINNET" | "ADDRESS_FORMAT_SPARK_REGTEST">;
