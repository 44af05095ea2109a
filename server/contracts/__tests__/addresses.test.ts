import { base58 } from "@scure/base";
import fc from "fast-check";
import { getAddress, isAddress } from "viem";
import { describe, expect, it } from "vitest";
import { ContractInterfaceError } from "../errors";
import { normalizeEthereumAddress, toChecksumAddress } from "../ethereum-address";
import { normalizeSolanaProgramId } from "../solana-address";

const FIELD = "smartContractAddress";

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ContractInterfaceError);
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("Ethereum contract addresses", () => {
  const usdc = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";

  it("EIP-55 checksums agree with viem's getAddress", () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 20, maxLength: 20 }), (bytes) => {
        const lower = `0x${Buffer.from(bytes).toString("hex")}`;
        expect(toChecksumAddress(lower)).toBe(getAddress(lower));
      }),
      { numRuns: 200 },
    );
  });

  it("accepts checksummed, lower-case and upper-case spellings, normalized to lower case", () => {
    expect(normalizeEthereumAddress(usdc, FIELD)).toBe(usdc.toLowerCase());
    expect(normalizeEthereumAddress(usdc.toLowerCase(), FIELD)).toBe(usdc.toLowerCase());
    expect(normalizeEthereumAddress(`0x${usdc.slice(2).toUpperCase()}`, FIELD)).toBe(usdc.toLowerCase());
  });

  it("refuses a mixed-case address whose checksum fails (as viem's isAddress does)", () => {
    const typo = usdc.replace("c6218", "C6218");
    expect(isAddress(typo)).toBe(false);
    expect(refusal(() => normalizeEthereumAddress(typo, FIELD))).toBe(
      `smartContractAddress: ${typo} has mixed case but fails its EIP-55 checksum; check it for a typo, or send it in lower case`,
    );
  });

  it.each([
    ["too short", "0x1234"],
    ["no 0x", usdc.slice(2)],
    ["not hex", "0xZZb86991c6218b36c1d19d4a2e9eb0ce3606eb48"],
    ["a Solana program id", "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C"],
  ])("refuses %s", (_, address) => {
    expect(refusal(() => normalizeEthereumAddress(address, FIELD))).toBe(
      `smartContractAddress: must be a 0x-prefixed 20-byte hex address (42 characters), not ${JSON.stringify(address)}`,
    );
  });
});

describe("Solana program ids", () => {
  it("accepts any base58 text of 32 bytes, as sent", () => {
    for (const id of [
      "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C",
      "11111111111111111111111111111111",
      "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA",
    ]) {
      expect(normalizeSolanaProgramId(id, FIELD)).toBe(id);
    }
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 32, maxLength: 32 }), (bytes) => {
        const id = base58.encode(bytes);
        expect(normalizeSolanaProgramId(id, FIELD)).toBe(id);
      }),
    );
  });

  it("refuses text that is not base58 (0, O, I and l are not base58 digits)", () => {
    expect(refusal(() => normalizeSolanaProgramId("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", FIELD))).toBe(
      'smartContractAddress: must be a base58 Solana program id, not "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48"',
    );
  });

  it("refuses base58 of the wrong length", () => {
    expect(refusal(() => normalizeSolanaProgramId(base58.encode(new Uint8Array(31).fill(7)), FIELD))).toBe(
      "smartContractAddress: decodes to 31 bytes; a Solana program id is 32 bytes (base58, 32 to 44 characters)",
    );
    expect(
      refusal(() => normalizeSolanaProgramId(base58.encode(new Uint8Array(64).fill(9)), FIELD)),
    ).toContain("decodes to 64 bytes");
  });
});
