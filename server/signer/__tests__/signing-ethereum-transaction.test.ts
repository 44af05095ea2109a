import { hexToBytes } from "@noble/hashes/utils.js";
import {
  fromRlp,
  type Hex,
  parseEther,
  parseGwei,
  parseTransaction,
  recoverTransactionAddress,
  serializeTransaction,
  type TransactionSerializable,
  toRlp,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { signEthereumTransaction } from "../signing/ethereum-transaction";

const PRIVATE: Hex = "0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6";
const account = privateKeyToAccount(PRIVATE);
const privateKey = () => hexToBytes(PRIVATE.slice(2));

const TO = "0x70997970c51812dc3a010c7d01b50e0d17dc79c8";
const ACCESS_LIST = [
  {
    address: "0x5fbdb2315678afecb367f032d93f642f64180aa3",
    storageKeys: ["0x0000000000000000000000000000000000000000000000000000000000000001"],
  },
] as const;

const TRANSACTIONS: Record<string, TransactionSerializable> = {
  "legacy without chain id (pre-EIP-155)": {
    type: "legacy",
    nonce: 0,
    gasPrice: parseGwei("20"),
    gas: 21000n,
    to: TO,
    value: parseEther("1"),
  },
  "legacy with chain id (EIP-155)": {
    type: "legacy",
    chainId: 137,
    nonce: 9,
    gasPrice: parseGwei("30"),
    gas: 50000n,
    to: TO,
    value: 1n,
    data: "0xa9059cbb",
  },
  "EIP-2930 (0x01)": {
    type: "eip2930",
    chainId: 1,
    nonce: 3,
    gasPrice: parseGwei("10"),
    gas: 60000n,
    to: TO,
    value: 0n,
    data: "0x1234",
    accessList: ACCESS_LIST,
  },
  "EIP-1559 (0x02)": {
    type: "eip1559",
    chainId: 8453,
    nonce: 77,
    maxFeePerGas: parseGwei("3"),
    maxPriorityFeePerGas: parseGwei("1"),
    gas: 100000n,
    to: TO,
    value: parseEther("0.5"),
    accessList: ACCESS_LIST,
  },
  "EIP-1559 contract creation": {
    type: "eip1559",
    chainId: 31337,
    nonce: 0,
    maxFeePerGas: parseGwei("2"),
    maxPriorityFeePerGas: 0n,
    gas: 3000000n,
    data: "0x6080604052348015600f57600080fd5b50",
  },
  "EIP-4844 (0x03) body without sidecars, as @turnkey/viem sends it": {
    type: "eip4844",
    chainId: 1,
    nonce: 5,
    maxFeePerGas: parseGwei("40"),
    maxPriorityFeePerGas: parseGwei("2"),
    maxFeePerBlobGas: parseGwei("1"),
    gas: 21000n,
    to: TO,
    blobVersionedHashes: ["0x01a915e4d060149eb4365960e6a7a45f334393093061116b197e3240065ff2d8"],
  },
  "EIP-7702 (0x04) with an authorization list": {
    type: "eip7702",
    chainId: 1,
    nonce: 12,
    maxFeePerGas: parseGwei("5"),
    maxPriorityFeePerGas: parseGwei("1"),
    gas: 120000n,
    to: TO,
    authorizationList: [
      {
        address: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b",
        chainId: 1,
        nonce: 13,
        r: "0x1e2e5f0b7b1e4b8e3c8f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f",
        s: "0x2e2e5f0b7b1e4b8e3c8f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f",
        yParity: 1,
      },
    ],
  },
};

describe("signEthereumTransaction", () => {
  for (const [name, transaction] of Object.entries(TRANSACTIONS)) {
    it(`${name}: recovers to the key's address and keeps every field`, async () => {
      const unsigned = serializeTransaction(transaction);
      // @turnkey/viem strips the 0x; accept both forms.
      const signed = signEthereumTransaction(privateKey(), unsigned.slice(2));
      expect(signEthereumTransaction(privateKey(), unsigned)).toBe(signed);
      expect(signed).toMatch(/^[0-9a-f]+$/); // returned without 0x, as the clients expect

      const serializedTransaction = `0x${signed}` as const;
      expect(await recoverTransactionAddress({ serializedTransaction } as never)).toBe(account.address);
      const parsed = parseTransaction(serializedTransaction);
      const { r, s, v, yParity, ...fields } = parsed as typeof parsed & { v?: bigint; yParity?: number };
      expect(fields).toEqual(parseTransaction(unsigned));
      expect(r).toMatch(/^0x[0-9a-f]+$/);
      expect(s).toMatch(/^0x[0-9a-f]+$/);
      if (transaction.type === "legacy") {
        // Pre-EIP-155 v is 27/28; with a chain id it is chainId * 2 + 35/36.
        const base = transaction.chainId ? BigInt(transaction.chainId) * 2n + 35n : 27n;
        expect([base, base + 1n]).toContain(v);
      } else {
        expect([0, 1]).toContain(yParity);
      }
      // viem's local account signs the same bytes with the same RFC 6979 nonce: identical output.
      expect(serializedTransaction).toBe(await account.signTransaction(transaction as never));
    });
  }
});

describe("signEthereumTransaction refuses what it cannot sign, naming unsignedTransaction", () => {
  const refuses = (unsignedTransaction: string, reason: RegExp) => {
    const attempt = () => signEthereumTransaction(privateKey(), unsignedTransaction);
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(/^unsignedTransaction/);
    expect(attempt).toThrow(reason);
  };

  it("garbage and non-hex", () => {
    refuses("0xdeadbeef", /not a supported serialized Ethereum transaction/);
    refuses("hello", /not valid hex/);
    refuses("0x", /empty/);
    refuses("0x02", /not a supported serialized Ethereum transaction/);
  });

  it("an unknown transaction type (0x05, Tempo's 0x76)", () => {
    refuses(`0x05${toRlp(["0x01", "0x"]).slice(2)}`, /not a supported serialized Ethereum transaction/);
    refuses(`0x76${toRlp(["0x01", "0x"]).slice(2)}`, /not a supported serialized Ethereum transaction/);
  });

  it("an already-signed transaction, of every type", async () => {
    for (const transaction of Object.values(TRANSACTIONS)) {
      refuses(await account.signTransaction(transaction as never), /already signed/);
    }
  });

  it("an EIP-4844 transaction in its network wrapper (blobs, commitments, proofs)", () => {
    const body = serializeTransaction(
      TRANSACTIONS["EIP-4844 (0x03) body without sidecars, as @turnkey/viem sends it"]!,
    );
    const fields = (fromRlp(`0x${body.slice(4)}`, "hex") as Hex[]).slice();
    const wrapped = `0x03${toRlp([fields, [`0x${"00".repeat(131072)}`], [`0x${"c0".repeat(48)}`], [`0x${"c0".repeat(48)}`]]).slice(2)}`;
    refuses(wrapped, /network wrapper/);
  });

  it("a non-canonical encoding (a nonce with a leading zero byte)", () => {
    const canonical = serializeTransaction(TRANSACTIONS["legacy with chain id (EIP-155)"]!);
    const fields = fromRlp(canonical, "hex") as Hex[];
    fields[0] = "0x0009";
    refuses(toRlp(fields), /not canonically encoded/);
  });
});
