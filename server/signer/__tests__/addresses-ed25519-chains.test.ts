import { Ed25519Account } from "@aptos-labs/ts-sdk";
import { Ed25519Keypair } from "@mysten/sui/keypairs/ed25519";
import { Secp256k1Keypair } from "@mysten/sui/keypairs/secp256k1";
import { Secp256r1PublicKey } from "@mysten/sui/keypairs/secp256r1";
import { bytesToHex } from "@noble/hashes/utils.js";
import { createKeyPairFromPrivateKeyBytes, getAddressFromPublicKey } from "@solana/kit";
import { Keypair as StellarKeypair } from "@stellar/stellar-base";
import { keyPairFromSeed } from "@ton/crypto";
import { WalletContractV3R2, WalletContractV4, WalletContractV5R1 } from "@ton/ton";
import { describe, expect, it } from "vitest";
import { addressFor, defaultPathFor } from "../addresses";
import { deriveKeyPair } from "../hd/derive";
import { mnemonicToSeed } from "../hd/mnemonic";

/**
 * Solana, Sui, Aptos, Stellar and TON, each against the chain's own SDK. Where the SDK derives
 * from a mnemonic itself (Sui, Aptos) the comparison starts from the words; otherwise it starts
 * from our private key, so the SDK also recomputes the public key.
 */

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";
const seed = mnemonicToSeed(ABOUT);
const INDICES = [0, 1, 2, 7];

describe("ADDRESS_FORMAT_SOLANA against @solana/kit", () => {
  it("matches the well-known first address (Phantom, Solflare, solana-keygen)", () => {
    const { publicKey } = deriveKeyPair(seed, "CURVE_ED25519", "m/44'/501'/0'/0'");
    expect(addressFor("ADDRESS_FORMAT_SOLANA", "CURVE_ED25519", publicKey)).toBe(
      "HAgk14JpMQLgt6rVgv7cBQFJWFto5Dqxi472uT3DKpqk",
    );
  });

  it.each(INDICES)("account %i", async (index) => {
    const pair = deriveKeyPair(seed, "CURVE_ED25519", defaultPathFor("ADDRESS_FORMAT_SOLANA", index));
    const keys = await createKeyPairFromPrivateKeyBytes(pair.privateKey);
    expect(addressFor("ADDRESS_FORMAT_SOLANA", "CURVE_ED25519", pair.publicKey)).toBe(
      await getAddressFromPublicKey(keys.publicKey),
    );
  });
});

describe("ADDRESS_FORMAT_SUI against @mysten/sui", () => {
  it.each(INDICES)("ed25519 account %i, Sui deriving from the mnemonic", (index) => {
    const path = defaultPathFor("ADDRESS_FORMAT_SUI", index, "CURVE_ED25519");
    const { publicKey } = deriveKeyPair(seed, "CURVE_ED25519", path);
    expect(addressFor("ADDRESS_FORMAT_SUI", "CURVE_ED25519", publicKey)).toBe(
      Ed25519Keypair.deriveKeypair(ABOUT, path).toSuiAddress(),
    );
  });

  it.each(INDICES)("secp256k1 account %i, Sui deriving from the mnemonic", (index) => {
    const path = defaultPathFor("ADDRESS_FORMAT_SUI", index, "CURVE_SECP256K1");
    const { publicKey } = deriveKeyPair(seed, "CURVE_SECP256K1", path);
    expect(addressFor("ADDRESS_FORMAT_SUI", "CURVE_SECP256K1", publicKey)).toBe(
      Secp256k1Keypair.deriveKeypair(ABOUT, path).toSuiAddress(),
    );
  });

  it.each(INDICES)("P-256 account %i (Sui's secp256r1 flag)", (index) => {
    // Sui's own mnemonic derivation for secp256r1 runs BIP-32 over secp256k1 and reuses the
    // scalar, not SLIP-10 nist256p1, so only the key → address step is compared here.
    const path = defaultPathFor("ADDRESS_FORMAT_SUI", index, "CURVE_P256");
    const { publicKey } = deriveKeyPair(seed, "CURVE_P256", path);
    expect(addressFor("ADDRESS_FORMAT_SUI", "CURVE_P256", publicKey)).toBe(
      new Secp256r1PublicKey(publicKey).toSuiAddress(),
    );
  });
});

describe("ADDRESS_FORMAT_APTOS against @aptos-labs/ts-sdk", () => {
  it.each(INDICES)("account %i, the SDK deriving from the mnemonic", (index) => {
    const path = defaultPathFor("ADDRESS_FORMAT_APTOS", index);
    const { publicKey } = deriveKeyPair(seed, "CURVE_ED25519", path);
    const account = Ed25519Account.fromDerivationPath({ path, mnemonic: ABOUT });
    expect(addressFor("ADDRESS_FORMAT_APTOS", "CURVE_ED25519", publicKey)).toBe(
      account.accountAddress.toStringLong(),
    );
  });
});

describe("ADDRESS_FORMAT_XLM against @stellar/stellar-base and SEP-5", () => {
  // SEP-0005 test 5 (abandon … about), accounts 0 and 1.
  it.each([
    [0, "GB3JDWCQJCWMJ3IILWIGDTQJJC5567PGVEVXSCVPEQOTDN64VJBDQBYX"],
    [1, "GDVSYYTUAJ3ACHTPQNSTQBDQ4LDHQCMNY4FCEQH5TJUMSSLWQSTG42MV"],
  ])("SEP-5 account %i is %s", (index, expected) => {
    const { publicKey } = deriveKeyPair(seed, "CURVE_ED25519", defaultPathFor("ADDRESS_FORMAT_XLM", index));
    expect(addressFor("ADDRESS_FORMAT_XLM", "CURVE_ED25519", publicKey)).toBe(expected);
  });

  it.each(INDICES)("account %i", (index) => {
    const pair = deriveKeyPair(seed, "CURVE_ED25519", defaultPathFor("ADDRESS_FORMAT_XLM", index));
    const stellar = StellarKeypair.fromRawEd25519Seed(Buffer.from(pair.privateKey));
    expect(addressFor("ADDRESS_FORMAT_XLM", "CURVE_ED25519", pair.publicKey)).toBe(stellar.publicKey());
  });
});

describe("ADDRESS_FORMAT_TON_* against @ton/ton's wallet contracts", () => {
  const friendly = { urlSafe: true, bounceable: false, testOnly: false };
  const WALLETS = [
    [
      "ADDRESS_FORMAT_TON_V3R2",
      (publicKey: Buffer) => WalletContractV3R2.create({ workchain: 0, publicKey }),
    ],
    ["ADDRESS_FORMAT_TON_V4R2", (publicKey: Buffer) => WalletContractV4.create({ workchain: 0, publicKey })],
    [
      "ADDRESS_FORMAT_TON_V5R1",
      (publicKey: Buffer) => WalletContractV5R1.create({ workchain: 0, publicKey }),
    ],
  ] as const;

  it.each(WALLETS)("%s, mainnet, non-bounceable (UQ…)", (format, create) => {
    for (const index of INDICES) {
      const pair = deriveKeyPair(seed, "CURVE_ED25519", defaultPathFor(format, index));
      const ton = keyPairFromSeed(Buffer.from(pair.privateKey));
      expect(bytesToHex(pair.publicKey)).toBe(ton.publicKey.toString("hex"));
      const expected = create(ton.publicKey).address.toString(friendly);
      const address = addressFor(format, "CURVE_ED25519", pair.publicKey);
      expect(address).toBe(expected);
      expect(address).toMatch(/^UQ[A-Za-z0-9_-]{46}$/);
    }
  });

  it("uses the wallet codes explorers recognise (published code hashes)", () => {
    const publicKey = Buffer.alloc(32, 7);
    expect(WalletContractV3R2.create({ workchain: 0, publicKey }).init.code.hash().toString("hex")).toBe(
      "84dafa449f98a6987789ba232358072bc0f76dc4524002a5d0918b9a75d2d599",
    );
    expect(WalletContractV4.create({ workchain: 0, publicKey }).init.code.hash().toString("hex")).toBe(
      "feb5ff6820e2ff0d9483e7e0d62c817d846789fb4ae580c878866d959dabd5c0",
    );
    expect(WalletContractV5R1.create({ workchain: 0, publicKey }).init.code.hash().toString("hex")).toBe(
      "20834b7b72b112147e1b2fb457b84e74d1a30f04f737d4f62a668e9552d2b72f",
    );
    // docs.ton.org, "Default wallet_id values": W5 on mainnet is 0x7FFFFF11.
    const w5 = WalletContractV5R1.create({ workchain: 0, publicKey });
    expect(w5.init.data.beginParse().skip(33).loadUint(32)).toBe(0x7fffff11);
  });

  it("distinguishes the three wallet versions for one key", () => {
    const { publicKey } = deriveKeyPair(seed, "CURVE_ED25519", "m/44'/607'/0'");
    const addresses = WALLETS.map(([format]) => addressFor(format, "CURVE_ED25519", publicKey));
    expect(new Set(addresses).size).toBe(3);
  });
});
