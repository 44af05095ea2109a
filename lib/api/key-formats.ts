/** Curves, address formats, payload encodings and hash functions, named as the compatible API names them. */

export const CURVES = ["CURVE_SECP256K1", "CURVE_ED25519", "CURVE_P256"] as const;
export type Curve = (typeof CURVES)[number];

const BITCOIN_NETWORKS = ["MAINNET", "TESTNET", "SIGNET", "REGTEST"] as const;
const BITCOIN_KINDS = ["P2PKH", "P2SH", "P2WPKH", "P2WSH", "P2TR"] as const;
export type BitcoinNetwork = (typeof BITCOIN_NETWORKS)[number];
export type BitcoinKind = (typeof BITCOIN_KINDS)[number];

export const ADDRESS_FORMATS = [
  "ADDRESS_FORMAT_UNCOMPRESSED",
  "ADDRESS_FORMAT_COMPRESSED",
  "ADDRESS_FORMAT_ETHEREUM",
  "ADDRESS_FORMAT_SOLANA",
  "ADDRESS_FORMAT_COSMOS",
  "ADDRESS_FORMAT_TRON",
  "ADDRESS_FORMAT_SUI",
  "ADDRESS_FORMAT_APTOS",
  ...BITCOIN_NETWORKS.flatMap((net) =>
    BITCOIN_KINDS.map((kind) => `ADDRESS_FORMAT_BITCOIN_${net}_${kind}` as const),
  ),
  "ADDRESS_FORMAT_SEI",
  "ADDRESS_FORMAT_XLM",
  "ADDRESS_FORMAT_DOGE_MAINNET",
  "ADDRESS_FORMAT_DOGE_TESTNET",
  "ADDRESS_FORMAT_TON_V3R2",
  "ADDRESS_FORMAT_TON_V4R2",
  "ADDRESS_FORMAT_TON_V5R1",
  "ADDRESS_FORMAT_XRP",
  "ADDRESS_FORMAT_SPARK_MAINNET",
  "ADDRESS_FORMAT_SPARK_REGTEST",
] as const;
export type AddressFormat = (typeof ADDRESS_FORMATS)[number];

export const PAYLOAD_ENCODINGS = [
  "PAYLOAD_ENCODING_HEXADECIMAL",
  "PAYLOAD_ENCODING_TEXT_UTF8",
  "PAYLOAD_ENCODING_EIP712",
  "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
] as const;
export type PayloadEncoding = (typeof PAYLOAD_ENCODINGS)[number];

export const HASH_FUNCTIONS = [
  "HASH_FUNCTION_NO_OP",
  "HASH_FUNCTION_SHA256",
  "HASH_FUNCTION_KECCAK256",
  "HASH_FUNCTION_NOT_APPLICABLE",
] as const;
export type HashFunction = (typeof HASH_FUNCTIONS)[number];
