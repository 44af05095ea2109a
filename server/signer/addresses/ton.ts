import { sha256 } from "@noble/hashes/sha2.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { Address, beginCell, type Cell } from "@ton/core";
import type { AddressFormatSpec, AddressFormatTable } from "./spec";

/**
 * A TON wallet's address is the hash of the StateInit that would deploy it: the wallet contract's
 * code cell plus a data cell holding the owner's ed25519 key and a wallet id. Only the code
 * cell's hash and depth enter that hash, so the published values are kept instead of the
 * bytecode (the code hashes are the ones explorers and tonapi recognise wallets by).
 *
 * Shown user-friendly, URL-safe, mainnet, NON-bounceable ("UQ…"): since 2024 Tonkeeper, the
 * Telegram wallet and TEP-2 show wallet addresses non-bounceable, so a first transfer to a
 * not-yet-deployed wallet is not bounced back.
 */

const WORKCHAIN = 0;

interface WalletContract {
  codeHash: Uint8Array;
  codeDepth: number;
  data(publicKey: Uint8Array): Cell;
}

/** Default wallet_id of v3/v4: the first 4 bytes of the mainnet zero state hash, plus the workchain. */
const V3_V4_DEFAULT_WALLET_ID = 698983191 + WORKCHAIN;
/**
 * W5 (v5r1) wallet_id: network_global_id (-239 on mainnet) XOR the client context
 * [1 bit 1][workchain int8][version 0 uint8][subwallet 0 uint15] = 0x7fffff11 on workchain 0.
 */
const V5R1_MAINNET_WALLET_ID = 0x7fffff11;

const key = (publicKey: Uint8Array) => Buffer.from(publicKey);

const WALLETS = {
  V3R2: {
    codeHash: hexToBytes("84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599"),
    codeDepth: 0,
    data: (pk) =>
      beginCell().storeUint(0, 32).storeUint(V3_V4_DEFAULT_WALLET_ID, 32).storeBuffer(key(pk)).endCell(),
  },
  V4R2: {
    codeHash: hexToBytes("feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0"),
    codeDepth: 7,
    // seqno, wallet_id, public key, empty plugins dictionary
    data: (pk) =>
      beginCell()
        .storeUint(0, 32)
        .storeUint(V3_V4_DEFAULT_WALLET_ID, 32)
        .storeBuffer(key(pk))
        .storeBit(0)
        .endCell(),
  },
  V5R1: {
    codeHash: hexToBytes("20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f"),
    codeDepth: 6,
    // signature auth allowed, seqno, wallet_id, public key, empty extensions dictionary
    data: (pk) =>
      beginCell()
        .storeBit(1)
        .storeUint(0, 32)
        .storeUint(V5R1_MAINNET_WALLET_ID, 32)
        .storeBuffer(key(pk))
        .storeBit(0)
        .endCell(),
  },
} satisfies Record<string, WalletContract>;

/**
 * Representation hash of StateInit{code, data} with no split depth, special or library:
 * 5 data bits 00110 and two references, serialised as the TON whitepaper's cell hash defines it
 * (descriptors, padded bits, child depths, child hashes).
 */
function stateInitHash(wallet: WalletContract, data: Cell): Uint8Array {
  const REFS_DESCRIPTOR = 2; // two references, ordinary cell, level 0
  const BITS_DESCRIPTOR = 1; // ceil(5/8) + floor(5/8)
  const BITS = 0b00110_100; // the 5 bits, then the completion tag 1 and zero padding
  const depths = new Uint8Array(4);
  const view = new DataView(depths.buffer);
  view.setUint16(0, wallet.codeDepth);
  view.setUint16(2, data.depth());
  return sha256(
    Uint8Array.of(REFS_DESCRIPTOR, BITS_DESCRIPTOR, BITS, ...depths, ...wallet.codeHash, ...data.hash()),
  );
}

function walletAddress(wallet: WalletContract, publicKey: Uint8Array): string {
  const hash = stateInitHash(wallet, wallet.data(publicKey));
  return new Address(WORKCHAIN, Buffer.from(hash)).toString({
    urlSafe: true,
    bounceable: false,
    testOnly: false,
  });
}

const tonFormat = (wallet: WalletContract): AddressFormatSpec => ({
  curves: ["CURVE_ED25519"],
  caip2: undefined, // the ChainAgnostic namespace registry has no TON namespace
  // SLIP-44 coin type 607, one hardened account per index, as multichain BIP-39 wallets derive it
  // (TON's own wallets use TON mnemonics, not BIP-39, so there is no TON-native BIP-44 path).
  defaultPath: (index) => `m/44'/607'/${index}'`,
  encode: (publicKey) => walletAddress(wallet, publicKey),
});

export const tonFormats = {
  ADDRESS_FORMAT_TON_V3R2: tonFormat(WALLETS.V3R2),
  ADDRESS_FORMAT_TON_V4R2: tonFormat(WALLETS.V4R2),
  ADDRESS_FORMAT_TON_V5R1: tonFormat(WALLETS.V5R1),
} satisfies AddressFormatTable<
  "ADDRESS_FORMAT_TON_V3R2" | "ADDRESS_FORMAT_TON_V4R2" | "ADDRESS_FORMAT_TON_V5R1"
>;
