import { Bip39, EnglishMnemonic } from "@cosmjs/crypto";
import { bytesToHex } from "@noble/hashes/utils.js";
import * as bip39 from "@scure/bip39";
import { wordlist } from "@scure/bip39/wordlists/english.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import {
  generateMnemonic,
  isValidMnemonic,
  type MnemonicLength,
  mnemonicToSeed,
  mnemonicToSeedOffLoop,
} from "../hd/mnemonic";

const ABOUT = "abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about";

// BIP-39's published vectors (trezor/python-mnemonic vectors.json), passphrase "TREZOR".
const TREZOR_VECTORS: [mnemonic: string, seed: string][] = [
  [
    ABOUT,
    "c55257c360c07c72029aebc1b53c05ed0362ada38ead3e3e9efa3708e53495531f09a6987599d18264c1e1c92f2cf141630c7a3c4ab7c81b2f001698e7463b04",
  ],
  [
    "legal winner thank year wave sausage worth useful legal winner thank yellow",
    "2e8905819b8723fe2c1d161860e5ee1830318dbf49a83bd451cfb8440c28bd6fa457fe1296106559a3c80937a1c1069be3a3a5bd381ee6260e8d9739fce1f607",
  ],
  [
    "letter advice cage absurd amount doctor acoustic avoid letter advice cage above",
    "d71de856f81a8acc65e6fc851a38d4d7ec216fd0796d0a6827a3ad6ed5511a30fa280f12eb2e47ed2ac03b5c462a0358d18d69fe4f985ec81778c1b370b652a8",
  ],
  [
    "zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo zoo wrong",
    "ac27495480225222079d7be181583751e86f571027b0497b5b5d11218e0a8a13332572917f0f8e5a589620c6f15b11c61dee327651a14c34e18231052e48c069",
  ],
  [
    `${"abandon ".repeat(23)}art`,
    "bda85446c68413707090a52022edd26a1c9462295029f2e60cd7c4f2bbd3097170af7a4d73245cafa9c3cca8d561a7c3de6f5d4a10be8ed2a5e608d68f92fcc8",
  ],
];

// The signer derives on libuv's thread pool; the bench and the tests' fixtures derive in line.
const DERIVERS: [string, (mnemonic: string, passphrase?: string) => Promise<Uint8Array>][] = [
  ["mnemonicToSeed", async (mnemonic, passphrase) => mnemonicToSeed(mnemonic, passphrase)],
  ["mnemonicToSeedOffLoop", mnemonicToSeedOffLoop],
];

describe.each(DERIVERS)("%s", (_, derive) => {
  it.each(TREZOR_VECTORS)("matches the BIP-39 vector for %s", async (mnemonic, seed) => {
    expect(bytesToHex(await derive(mnemonic, "TREZOR"))).toBe(seed);
  });

  it("uses an empty passphrase by default (the seed every wallet shows for abandon … about)", async () => {
    const seed = await derive(ABOUT);
    expect(seed).toHaveLength(64);
    expect(bytesToHex(seed)).toBe(
      "5eb00bbddcf069084889a8ab9155568165f5c453ccb85e70811aaed6f6da5fc19a5ac40b389cd370d086206dec8aa6c43daea6690f20ad3d8d48b2d2ce9e38e4",
    );
  });

  it.each([
    ["a wrong checksum", ABOUT.replace(/about$/, "abandon")],
    ["an unknown word", ABOUT.replace(/about$/, "bitcoin")],
    ["eleven words", ABOUT.split(" ").slice(1).join(" ")],
    ["an empty string", ""],
  ])("refuses %s without echoing the words", async (_, mnemonic) => {
    expect(isValidMnemonic(mnemonic)).toBe(false);
    const thrown = await derive(mnemonic).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(InputError);
    const message = (thrown as Error).message;
    expect(message).toMatch(/^mnemonic: /);
    for (const word of new Set(mnemonic.split(" ").filter(Boolean))) {
      expect(message).not.toMatch(new RegExp(`\\b${word}\\b`));
    }
  });
});

describe("generateMnemonic", () => {
  const LENGTHS: [MnemonicLength, number][] = [
    [12, 16],
    [15, 20],
    [18, 24],
    [21, 28],
    [24, 32],
  ];

  it.each(LENGTHS)(
    "makes %i-word mnemonics that @cosmjs/crypto accepts and seeds identically",
    async (words, bytes) => {
      const mnemonic = generateMnemonic(words);
      expect(mnemonic.split(" ")).toHaveLength(words);
      expect(isValidMnemonic(mnemonic)).toBe(true);
      // An independent BIP-39 implementation checks the checksum and the entropy size...
      const english = new EnglishMnemonic(mnemonic);
      expect(Bip39.decode(english)).toHaveLength(bytes);
      // ...and derives the same seed, with and without a passphrase.
      expect(bytesToHex(mnemonicToSeed(mnemonic))).toBe(bytesToHex(await Bip39.mnemonicToSeed(english)));
      expect(bytesToHex(mnemonicToSeed(mnemonic, "pass phrase"))).toBe(
        bytesToHex(await Bip39.mnemonicToSeed(english, "pass phrase")),
      );
    },
  );

  it("draws fresh entropy every time", () => {
    const seen = new Set(Array.from({ length: 20 }, () => generateMnemonic(12)));
    expect(seen.size).toBe(20);
  });

  it("refuses lengths BIP-39 does not define", () => {
    expect(() => generateMnemonic(13 as MnemonicLength)).toThrow(InputError);
    expect(() => generateMnemonic(13 as MnemonicLength)).toThrow(/mnemonicLength/);
  });
});

describe("isValidMnemonic", () => {
  const LENGTHS = [12, 15, 18, 21, 24] as const;
  const someWord = fc.integer({ min: 0, max: 2047 }).map((i) => wordlist[i]!);
  // Valid mnemonics of every length, and the mistakes a stored or imported one could carry.
  const candidates = fc.oneof(
    fc.constantFrom(...LENGTHS).map((words) => generateMnemonic(words)),
    fc.tuple(fc.constantFrom(...LENGTHS), fc.nat(), someWord).map(([words, at, word]) => {
      const list = generateMnemonic(words).split(" ");
      list[at % words] = word; // a word changed: the checksum fails, unless it happens to hold
      return list.join(" ");
    }),
    fc.array(someWord, { minLength: 1, maxLength: 27 }).map((list) => list.join(" ")),
    fc.constantFrom(...LENGTHS).map((words) => generateMnemonic(words).toUpperCase()),
    fc.constantFrom(...LENGTHS).map((words) => generateMnemonic(words).replace(" ", "  ")),
    fc.constantFrom(...LENGTHS).map((words) => ` ${generateMnemonic(words)}`),
    fc.constantFrom(...LENGTHS).map((words) => generateMnemonic(words).replace(/ (\w+)$/, " $1\ud800")),
    fc.constantFrom(...LENGTHS).map((words) => generateMnemonic(words).replace(/^(\w)/, "\uff41")),
    fc.string(),
  );

  it("accepts exactly what @scure/bip39's validateMnemonic accepts", () => {
    let accepted = 0;
    fc.assert(
      fc.property(candidates, (mnemonic) => {
        const expected = bip39.validateMnemonic(mnemonic, wordlist);
        expect(isValidMnemonic(mnemonic)).toBe(expected);
        if (expected) accepted++;
      }),
      { numRuns: 2000 },
    );
    // The property saw both answers, many times each.
    expect(accepted).toBeGreaterThan(200);
    expect(accepted).toBeLessThan(1900);
  });
});
