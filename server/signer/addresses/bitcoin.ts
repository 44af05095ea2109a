import { schnorr, secp256k1 } from "@noble/curves/secp256k1.js";
import { bytesToNumberBE } from "@noble/curves/utils.js";
import { sha256 } from "@noble/hashes/sha2.js";
import { bech32, bech32m } from "@scure/base";
import type { AddressFormat, BitcoinKind, BitcoinNetwork } from "../types";
import { hash160, versioned } from "./encoding";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";

/** Version bytes and bech32 prefix of each network (Bitcoin Core chainparams). */
const NETWORKS: Record<
  BitcoinNetwork,
  { pubKeyHash: number; scriptHash: number; hrp: string; coin: number }
> = {
  MAINNET: { pubKeyHash: 0x00, scriptHash: 0x05, hrp: "bc", coin: 0 },
  TESTNET: { pubKeyHash: 0x6f, scriptHash: 0xc4, hrp: "tb", coin: 1 },
  SIGNET: { pubKeyHash: 0x6f, scriptHash: 0xc4, hrp: "tb", coin: 1 },
  REGTEST: { pubKeyHash: 0x6f, scriptHash: 0xc4, hrp: "bcrt", coin: 1 },
};

type Network = (typeof NETWORKS)[BitcoinNetwork];

const OP_0 = 0x00;
const OP_CHECKSIG = 0xac;

/** A native segwit address: bech32 for version 0 (BIP-173), bech32m from version 1 (BIP-350). */
function segwit(network: Network, version: 0 | 1, program: Uint8Array): string {
  const words = [version, ...bech32.toWords(program)];
  return version === 0 ? bech32.encode(network.hrp, words) : bech32m.encode(network.hrp, words);
}

/**
 * BIP-86 key-path-only output key: Q = P + int(hash_TapTweak(x(P)))·G, P the even-y lift of
 * the key (BIP-341, no script tree).
 */
function taprootOutputKey(compressed: Uint8Array): Uint8Array {
  const internal = compressed.subarray(1);
  const P = schnorr.utils.lift_x(bytesToNumberBE(internal));
  const tweak = bytesToNumberBE(schnorr.utils.taggedHash("TapTweak", internal));
  if (tweak >= secp256k1.Point.Fn.ORDER) {
    throw new Error("taproot tweak out of range"); // probability ~2^-128; BIP-341 says fail
  }
  return schnorr.utils.pointToBytes(P.add(secp256k1.Point.BASE.multiply(tweak)));
}

const ENCODERS: Record<BitcoinKind, (publicKey: Uint8Array, network: Network) => string> = {
  P2PKH: (pk, net) => versioned(net.pubKeyHash, hash160(pk)),
  // BIP-49: P2WPKH nested in P2SH; the redeem script is OP_0 <20-byte key hash>.
  P2SH: (pk, net) => versioned(net.scriptHash, hash160(Uint8Array.of(OP_0, 20, ...hash160(pk)))),
  P2WPKH: (pk, net) => segwit(net, 0, hash160(pk)),
  // Convention chosen for a single key behind a script hash: witness script <pk> OP_CHECKSIG,
  // the descriptor wsh(pk(K)) as Bitcoin Core and @scure/btc-signer (p2wsh(p2pk)) build it. It is
  // the shortest script one key can spend. Some wallets instead use a 1-of-1 multisig
  // (wsh(multi(1,K))), which gives a different address; Turnkey does not document its choice.
  P2WSH: (pk, net) => segwit(net, 0, sha256(Uint8Array.of(33, ...pk, OP_CHECKSIG))),
  P2TR: (pk, net) => segwit(net, 1, taprootOutputKey(pk)),
};

/** BIP-43 purpose of each kind; P2WSH follows the BIP-48 layout (script type 2' = native segwit). */
const DEFAULT_PATHS: Record<BitcoinKind, (coin: number, index: number) => string> = {
  P2PKH: (coin, index) => `m/44'/${coin}'/0'/0/${index}`,
  P2SH: (coin, index) => `m/49'/${coin}'/0'/0/${index}`,
  P2WPKH: (coin, index) => `m/84'/${coin}'/0'/0/${index}`,
  P2WSH: (coin, index) => `m/48'/${coin}'/0'/2'/0/${index}`,
  P2TR: (coin, index) => `m/86'/${coin}'/0'/0/${index}`,
};

function bitcoinFormat(networkName: BitcoinNetwork, kind: BitcoinKind): AddressFormatSpec {
  const network = NETWORKS[networkName];
  return {
    curves: ["CURVE_SECP256K1"],
    caip2: "bip122",
    defaultPath: (index) => DEFAULT_PATHS[kind](network.coin, index),
    encode: (publicKey) => ENCODERS[kind](publicKey, network),
  };
}

type BitcoinFormat = Extract<AddressFormat, `ADDRESS_FORMAT_BITCOIN_${string}`>;

const build = <N extends BitcoinNetwork>(net: N) =>
  ({
    [`ADDRESS_FORMAT_BITCOIN_${net}_P2PKH`]: bitcoinFormat(net, "P2PKH"),
    [`ADDRESS_FORMAT_BITCOIN_${net}_P2SH`]: bitcoinFormat(net, "P2SH"),
    [`ADDRESS_FORMAT_BITCOIN_${net}_P2WPKH`]: bitcoinFormat(net, "P2WPKH"),
    [`ADDRESS_FORMAT_BITCOIN_${net}_P2WSH`]: bitcoinFormat(net, "P2WSH"),
    [`ADDRESS_FORMAT_BITCOIN_${net}_P2TR`]: bitcoinFormat(net, "P2TR"),
  }) as AddressFormatTable<`ADDRESS_FORMAT_BITCOIN_${N}_${BitcoinKind}`>;

export const bitcoinFormats: AddressFormatTable<BitcoinFormat> = {
  ...build("MAINNET"),
  ...build("TESTNET"),
  ...build("SIGNET"),
  ...build("REGTEST"),
};
