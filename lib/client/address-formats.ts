import { ADDRESS_FORMATS, type AddressFormat, type Curve } from "../api/key-formats";

/**
 * Which curves each address format can encode, the usual one first: what the private key form
 * offers for a chosen curve. The browser cannot import server/signer; a test holds this table to it.
 */
export const ADDRESS_FORMAT_CURVES: Record<AddressFormat, readonly Curve[]> = Object.fromEntries(
  ADDRESS_FORMATS.map((format) => [format, curvesOf(format)]),
) as Record<AddressFormat, readonly Curve[]>;

function curvesOf(format: AddressFormat): readonly Curve[] {
  if (format === "ADDRESS_FORMAT_COMPRESSED" || format === "ADDRESS_FORMAT_UNCOMPRESSED")
    return ["CURVE_SECP256K1", "CURVE_ED25519", "CURVE_P256"];
  if (format === "ADDRESS_FORMAT_SUI") return ["CURVE_ED25519", "CURVE_SECP256K1", "CURVE_P256"];
  if (format === "ADDRESS_FORMAT_XRP") return ["CURVE_SECP256K1", "CURVE_ED25519"];
  const ed25519Only: AddressFormat[] = [
    "ADDRESS_FORMAT_SOLANA",
    "ADDRESS_FORMAT_APTOS",
    "ADDRESS_FORMAT_XLM",
    "ADDRESS_FORMAT_TON_V3R2",
    "ADDRESS_FORMAT_TON_V4R2",
    "ADDRESS_FORMAT_TON_V5R1",
  ];
  return ed25519Only.includes(format) ? ["CURVE_ED25519"] : ["CURVE_SECP256K1"];
}

/** The address formats a key on `curve` can have. */
export const formatsForCurve = (curve: Curve): AddressFormat[] =>
  ADDRESS_FORMATS.filter((format) => ADDRESS_FORMAT_CURVES[format].includes(curve));

const CURVE_LABELS: Record<Curve, string> = {
  CURVE_SECP256K1: "secp256k1",
  CURVE_ED25519: "Ed25519",
  CURVE_P256: "P-256",
};
export const curveLabel = (curve: string) => CURVE_LABELS[curve as Curve] ?? curve;

const WORDS: Record<string, string> = {
  ETHEREUM: "Ethereum",
  SOLANA: "Solana",
  COSMOS: "Cosmos",
  TRON: "Tron",
  SUI: "Sui",
  APTOS: "Aptos",
  SEI: "Sei",
  XLM: "Stellar",
  XRP: "XRP",
  DOGE: "Dogecoin",
  TON: "TON",
  BITCOIN: "Bitcoin",
  SPARK: "Spark",
  MAINNET: "mainnet",
  TESTNET: "testnet",
  SIGNET: "signet",
  REGTEST: "regtest",
  UNCOMPRESSED: "Uncompressed public key",
  COMPRESSED: "Compressed public key",
};

/** ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH → "Bitcoin mainnet P2WPKH"; TON_V5R1 → "TON v5r1". */
export function addressFormatLabel(format: string): string {
  return format
    .replace(/^ADDRESS_FORMAT_/, "")
    .split("_")
    .map((word) => WORDS[word] ?? (/^V\dR\d$/.test(word) ? word.toLowerCase() : word))
    .join(" ");
}
