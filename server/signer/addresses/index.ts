import { ed25519 } from "@noble/curves/ed25519.js";
import { SignerInputError } from "../errors";
import { HARDENED_OFFSET } from "../hd/path";
import { ADDRESS_FORMATS, type AddressFormat, CURVES, type Curve } from "../types";
import { aptosFormats } from "./aptos";
import { bitcoinFormats } from "./bitcoin";
import { cosmosFormats } from "./cosmos";
import { dogeFormats } from "./doge";
import { uncompressedPoint } from "./encoding";
import { ethereumFormats } from "./ethereum";
import { rawFormats } from "./raw";
import { solanaFormats } from "./solana";
import { sparkFormats } from "./spark";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";
import { stellarFormats } from "./stellar";
import { suiFormats } from "./sui";
import { tonFormats } from "./ton";
import { tronFormats } from "./tron";
import { xrpFormats } from "./xrp";

/** Every address format, one entry each; the type makes a missing format a compile error. */
const FORMATS: AddressFormatTable = {
  ...rawFormats,
  ...ethereumFormats,
  ...bitcoinFormats,
  ...solanaFormats,
  ...cosmosFormats,
  ...tronFormats,
  ...suiFormats,
  ...aptosFormats,
  ...stellarFormats,
  ...dogeFormats,
  ...tonFormats,
  ...xrpFormats,
  ...sparkFormats,
};

/** The address of `publicKey` (as a KeyPair holds it) in `format`. */
export function addressFor(format: AddressFormat, curve: Curve, publicKey: Uint8Array): string {
  const spec = specFor(format);
  if (!CURVES.includes(curve)) {
    throw new SignerInputError(`curve: must be one of ${CURVES.join(", ")}`);
  }
  if (!spec.curves.includes(curve)) {
    throw new SignerInputError(`${format} needs ${spec.curves.join(" or ")}, not ${curve}`);
  }
  assertPublicKey(curve, publicKey);
  return spec.encode(publicKey, curve);
}

/** The CAIP-2 namespace ("eip155", "solana", "bip122"…) of the format's chain, if it has one. */
export function caip2PrefixFor(format: AddressFormat): string | undefined {
  return specFor(format).caip2;
}

/** Curves whose keys the format can encode, the usual one first. */
export function curvesFor(format: AddressFormat): Curve[] {
  return [...specFor(format).curves];
}

/**
 * The path the chain's wallets usually give account `accountIndex`, for `curve` (default: the
 * format's usual curve; only Sui, XRP and the raw formats depend on it).
 */
export function defaultPathFor(format: AddressFormat, accountIndex: number, curve?: Curve): string {
  const spec = specFor(format);
  if (!Number.isSafeInteger(accountIndex) || accountIndex < 0 || accountIndex >= HARDENED_OFFSET) {
    throw new SignerInputError("accountIndex: must be an integer from 0 to 2^31 - 1");
  }
  const chosen = curve ?? spec.curves[0];
  if (chosen === undefined || !spec.curves.includes(chosen)) {
    throw new SignerInputError(`${format} needs ${spec.curves.join(" or ")}, not ${String(curve)}`);
  }
  return spec.defaultPath(accountIndex, chosen);
}

function specFor(format: AddressFormat): AddressFormatSpec {
  const spec = Object.hasOwn(FORMATS, format) ? FORMATS[format] : undefined;
  if (spec === undefined) {
    throw new SignerInputError(
      `addressFormat: must be one of the ${ADDRESS_FORMATS.length} ADDRESS_FORMAT_* values`,
    );
  }
  return spec;
}

// A compressed point is on its curve when it decompresses: natively (encoding.ts), since every new
// account's address checks its key first and noble's decompression cost about 170 µs of it.
const KEY_SHAPES: Record<Curve, { length: number; form: string; isPoint(key: Uint8Array): boolean }> = {
  CURVE_SECP256K1: {
    length: 33,
    form: "a 33-byte compressed SEC1 point",
    isPoint: onCurve((key) => uncompressedPoint("CURVE_SECP256K1", key)),
  },
  CURVE_P256: {
    length: 33,
    form: "a 33-byte compressed SEC1 point",
    isPoint: onCurve((key) => uncompressedPoint("CURVE_P256", key)),
  },
  CURVE_ED25519: { length: 32, form: "32 bytes", isPoint: onCurve((key) => ed25519.Point.fromBytes(key)) },
};

function onCurve(decode: (key: Uint8Array) => unknown): (key: Uint8Array) => boolean {
  return (key) => {
    try {
      decode(key);
      return true;
    } catch {
      return false;
    }
  };
}

function assertPublicKey(curve: Curve, publicKey: Uint8Array): void {
  const shape = KEY_SHAPES[curve];
  if (!(publicKey instanceof Uint8Array) || publicKey.length !== shape.length || !shape.isPoint(publicKey)) {
    throw new SignerInputError(`publicKey: a ${curve} public key must be ${shape.form} on the curve`);
  }
}
