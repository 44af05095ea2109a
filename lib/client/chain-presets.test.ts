import { describe, expect, it } from "vitest";
import { addressFor, curvesFor, defaultPathFor } from "@/server/signer/addresses";
import { deriveKeyPair } from "@/server/signer/hd/derive";
import { mnemonicToSeed } from "@/server/signer/hd/mnemonic";
import { accountParams, CHAIN_PRESETS, nextIndex, presetById, presetOf } from "./chain-presets";

describe("chain presets", () => {
  it("give each chain the path the server derives for it, at every index", () => {
    for (const preset of CHAIN_PRESETS) {
      expect(curvesFor(preset.addressFormat)).toContain(preset.curve);
      for (const index of [0, 1, 7, 2 ** 31 - 1]) {
        expect(preset.path(index), `${preset.label} #${index}`).toBe(
          defaultPathFor(preset.addressFormat, index, preset.curve),
        );
      }
    }
  });

  it("have distinct ids and labels", () => {
    expect(new Set(CHAIN_PRESETS.map((p) => p.id)).size).toBe(CHAIN_PRESETS.length);
    expect(new Set(CHAIN_PRESETS.map((p) => p.label)).size).toBe(CHAIN_PRESETS.length);
  });

  it("pick the first index the wallet has not derived for that chain", () => {
    const ethereum = presetById("ethereum")!;
    const solana = presetById("solana")!;
    expect(nextIndex(ethereum, [])).toBe(0);
    const accounts = [accountParams(ethereum, 0), accountParams(ethereum, 1), accountParams(solana, 0)];
    expect(nextIndex(ethereum, accounts)).toBe(2);
    expect(nextIndex(solana, accounts)).toBe(1);
    // A gap left by a deleted account is filled first.
    expect(nextIndex(ethereum, [accountParams(ethereum, 0), accountParams(ethereum, 2)])).toBe(1);
    // Tron shares Ethereum's curve but not its path: an Ethereum account does not use a Tron index.
    expect(nextIndex(presetById("tron")!, accounts)).toBe(0);
  });

  it("recognize the chain of an account made with a preset, and nothing else", () => {
    expect(presetOf(accountParams(presetById("bitcoin-taproot")!, 4))?.label).toBe("Bitcoin (taproot)");
    expect(presetOf(accountParams(presetById("sui")!, 12))?.label).toBe("Sui");
    expect(
      presetOf({
        curve: "CURVE_SECP256K1",
        path: "m/44'/60'/1'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      }),
    ).toBeUndefined();
  });

  it("derive the addresses other wallets show for the same mnemonic", () => {
    const seed = mnemonicToSeed("test test test test test test test test test test test junk");
    const address = (id: string, index: number) => {
      const preset = presetById(id)!;
      const pair = deriveKeyPair(seed, preset.curve, preset.path(index));
      return addressFor(preset.addressFormat, preset.curve, pair.publicKey);
    };
    // Hardhat's and Anvil's first two default accounts.
    expect(address("ethereum", 0)).toBe("0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266");
    expect(address("ethereum", 1)).toBe("0x70997970C51812dc3A010C7d01b50e0d17dc79C8");
    seed.fill(0);
  });
});
