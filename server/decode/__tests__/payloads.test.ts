import { bytesToHex } from "@noble/hashes/utils.js";
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { keccak256, toHex } from "viem";
import { describe, expect, it } from "vitest";
import type { TDecodedContent } from "@/lib/api/activity-summary";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { parseUsdPrices } from "../../gas-station/prices";
import { type DecodeEnvironment, decodeSigned } from "../index";

const env: DecodeEnvironment = { interfaces: [], usdPrices: parseUsdPrices(undefined) };
const USDC = SEEDED_TOKENS.find((t) => t.symbol === "USDC")!.address;
const payload = (encoding: string, value: string, hashFunction?: string) =>
  decodeSigned({ encoding, payloads: [value] }, env, hashFunction)[0]!;
const line = (d: TDecodedContent, label: string) => d.fields.find((f) => f.label === label);

/** EIP-712's own example (eip-712.md, "Example"): Cow mails Bob on Ether Mail. */
const MAIL = {
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    Person: [
      { name: "name", type: "string" },
      { name: "wallet", type: "address" },
    ],
    Mail: [
      { name: "from", type: "Person" },
      { name: "to", type: "Person" },
      { name: "contents", type: "string" },
    ],
  },
  primaryType: "Mail",
  domain: {
    name: "Ether Mail",
    version: "1",
    chainId: 1,
    verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC",
  },
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
    contents: "Hello, Bob!",
  },
};

describe("typed data, authorizations and raw payloads for the approver", () => {
  it("shows EIP-712's Mail example as a tree: domain, primary type, nested fields", () => {
    const d = payload("PAYLOAD_ENCODING_EIP712", JSON.stringify(MAIL));
    expect(d.headline).toBe("Sign Mail for Ether Mail on Ethereum");
    expect(line(d, "contents")).toEqual({ label: "contents", value: "Hello, Bob!", depth: 1 });
    const from = d.fields.findIndex((f) => f.label === "from");
    expect(d.fields.slice(from, from + 3)).toEqual([
      { label: "from", depth: 1 },
      { label: "name", value: "Cow", depth: 2 },
      { label: "wallet", value: "0xcd2a3d9f938e13cd947ec05abc7fe734df8dd826", depth: 2 },
    ]);
  });

  it("spells out an ERC-2612 Permit: spender, amount in the token's units, deadline", () => {
    const permit = {
      types: {
        EIP712Domain: MAIL.types.EIP712Domain,
        Permit: [
          { name: "owner", type: "address" },
          { name: "spender", type: "address" },
          { name: "value", type: "uint256" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      domain: { name: "USD Coin", version: "2", chainId: 1, verifyingContract: USDC },
      message: {
        owner: `0x${"11".repeat(20)}`,
        spender: `0x${"ab".repeat(20)}`,
        value: "1000000000",
        nonce: 0,
        deadline: 1893456000,
      },
    };
    const d = payload("PAYLOAD_ENCODING_EIP712", JSON.stringify(permit));
    expect(d.headline).toBe("Permit 0xabab…abab to spend 1,000 USDC until 2030-01-01T00:00:00Z (1893456000)");
    expect(line(d, "value")?.value).toBe("1000000000");
  });

  it("reads an EIP-7702 authorization and warns when it is valid on every chain", () => {
    const d = payload(
      "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
      JSON.stringify({ address: USDC, chainId: 0, nonce: 4 }),
    );
    expect(d.headline).toBe(
      `Delegate this account to ${USDC.slice(0, 6).toLowerCase()}…${USDC.slice(-4).toLowerCase()} on any chain`,
    );
    expect(d.warning).toContain("every EVM chain");
  });

  it("shows text as text, and hex as hex with its hashes, flagged as opaque", () => {
    expect(payload("PAYLOAD_ENCODING_TEXT_UTF8", "I agree").headline).toBe('Sign the message "I agree"');
    const hex = toHex("opaque bytes");
    const d = payload("PAYLOAD_ENCODING_HEXADECIMAL", hex, "HASH_FUNCTION_KECCAK256");
    expect(d.kind).toBe("hex");
    expect(line(d, "Keccak-256")?.value).toBe(keccak256(hex));
    expect(d.warning).toMatch(/cannot tell what signing them authorizes/);
    const digest = payload("PAYLOAD_ENCODING_HEXADECIMAL", keccak256(hex), "HASH_FUNCTION_NO_OP");
    expect(digest.warning).toMatch(/bare 32-byte digest/);
  });

  it("flags typed data that does not validate", () => {
    const d = payload("PAYLOAD_ENCODING_EIP712", '{"types":{},"primaryType":"Nope"}');
    expect(d.kind).toBe("undecodable");
    expect(d.warning).toContain("Nope");
  });
});

describe("Solana transactions for the approver", () => {
  const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
  const serialize = (...instructions: TransactionInstruction[]) =>
    bytesToHex(
      new Transaction({ feePayer: key(1), recentBlockhash: key(9).toBase58() })
        .add(...instructions)
        .serialize({ requireAllSignatures: false, verifySignatures: false }),
    );
  const solana = (hex: string) =>
    decodeSigned({ transactionType: "TRANSACTION_TYPE_SOLANA", unsignedTransaction: hex }, env)[0]!;

  it("reads a System transfer in SOL with its USD value", () => {
    const d = solana(
      serialize(SystemProgram.transfer({ fromPubkey: key(1), toPubkey: key(2), lamports: 1_500_000_000 })),
    );
    expect(d.headline).toBe(
      `Send 1.5 SOL ($225.00) to ${key(2).toBase58().slice(0, 6)}…${key(2).toBase58().slice(-4)}`,
    );
    expect(d.warning).toBeUndefined();
  });

  it("reads an SPL TransferChecked of the devnet USDC mint, and flags an unknown program", () => {
    const mint = new PublicKey(DEVNET_USDC_MINT);
    const data = Buffer.alloc(10);
    data[0] = 12;
    data.writeBigUInt64LE(2_000_000n, 1);
    data[9] = 6;
    const checked = new TransactionInstruction({
      programId: new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"),
      keys: [
        { pubkey: key(3), isSigner: false, isWritable: true },
        { pubkey: mint, isSigner: false, isWritable: false },
        { pubkey: key(5), isSigner: false, isWritable: true },
        { pubkey: key(1), isSigner: true, isWritable: false },
      ],
      data,
    });
    const mystery = new TransactionInstruction({ programId: key(7), keys: [], data: Buffer.from([1, 2, 3]) });
    const d = solana(serialize(checked, mystery));
    expect(d.headline).toContain("Send 2 USDC to token account");
    expect(d.warning).toContain(`instruction 1 (program ${key(7).toBase58()})`);
  });
});
