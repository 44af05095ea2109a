import { readFileSync } from "node:fs";
import {
  addEncoderSizePrefix,
  getAddressEncoder,
  getArrayEncoder,
  getBooleanEncoder,
  getBytesEncoder,
  getI64Encoder,
  getOptionEncoder,
  getStructEncoder,
  getU16Encoder,
  getU32Encoder,
  getU64Encoder,
  getUtf8Encoder,
} from "@solana/kit";
import { PublicKey, SystemProgram, TransactionInstruction } from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { anchorInstructionDiscriminator, parseContractInterface } from "@/server/contracts";
import type { ContractInterfaceRef } from "../interfaces";
import {
  AMOUNT,
  bob,
  data,
  destination,
  key,
  legacy,
  meta,
  mint,
  payer,
  solanaTx,
  u64,
} from "./solana-fixtures";

/** solana.tx instructions decoded with a registered Anchor IDL (names, accounts, Borsh arguments). */

describe("solana.tx instructions of a program with a registered Anchor IDL", () => {
  const raydium = readFileSync(
    new URL("../../../contracts/__tests__/fixtures/raydium-cp-swap.idl.json", import.meta.url),
    "utf8",
  );
  const RAYDIUM = new PublicKey("CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C");
  const VAULT = key(20);
  const register = (address: string, definition: string): ContractInterfaceRef => ({
    address,
    parsed: JSON.parse(
      JSON.stringify(
        parseContractInterface({ type: "SMART_CONTRACT_INTERFACE_TYPE_SOLANA", address, definition }),
      ),
    ),
  });
  const vaultIdl = JSON.stringify({
    address: VAULT.toBase58(),
    metadata: { name: "vault", version: "0.1.0", spec: "0.1.0" },
    instructions: [
      {
        name: "deposit",
        discriminator: [...Buffer.from(anchorInstructionDiscriminator("deposit"), "hex")],
        accounts: [
          { name: "user", writable: true, signer: true },
          { name: "vault", writable: true },
        ],
        args: [
          { name: "amount", type: "u64" },
          { name: "memo", type: "string" },
          { name: "beneficiaries", type: { vec: "pubkey" } },
          { name: "lock", type: { option: "i64" } },
          { name: "flag", type: { option: "bool" } },
          { name: "raw", type: "bytes" },
          { name: "pair", type: { array: ["u16", 2] } },
        ],
      },
      {
        name: "configure",
        discriminator: [9],
        accounts: [{ name: "admin", signer: true }],
        args: [{ name: "settings", type: { defined: { name: "Settings" } } }],
      },
    ],
    types: [],
  });
  const interfaces = [register(RAYDIUM.toBase58(), raydium), register(VAULT.toBase58(), vaultIdl)];

  it("names a Raydium swap_base_input, its accounts and its u64 arguments", () => {
    const accounts = Array.from({ length: 13 }, (_, i) => key(30 + i));
    const swap = new TransactionInstruction({
      programId: RAYDIUM,
      keys: accounts.map((pubkey, i) => meta(pubkey, i !== 2, i === 0)),
      data: data([143, 190, 90, 218, 196, 30, 51, 222], u64(1_000_000n), u64(990_000n)),
    });
    const tx = solanaTx(legacy(swap), interfaces);
    const parsed = tx.instructions[0]!.parsed_instruction_data as Record<string, Record<string, unknown>>;
    expect(parsed.instruction_name).toBe("swap_base_input");
    expect(parsed.discriminator).toBe("8fbe5adac41e33de");
    expect(parsed.program_call_args).toEqual({ amount_in: 1_000_000n, minimum_amount_out: 990_000n });
    expect(parsed.named_accounts!.payer).toBe(accounts[0]!.toBase58());
    expect(parsed.named_accounts!.observation_state).toBe(accounts[12]!.toBase58());
  });

  it("decodes Borsh arguments of every kind the stored IDL can describe", () => {
    const encoded = getStructEncoder([
      ["amount", getU64Encoder()],
      ["memo", addEncoderSizePrefix(getUtf8Encoder(), getU32Encoder())],
      ["beneficiaries", getArrayEncoder(getAddressEncoder())],
      ["lock", getOptionEncoder(getI64Encoder())],
      ["flag", getOptionEncoder(getBooleanEncoder())],
      ["raw", addEncoderSizePrefix(getBytesEncoder(), getU32Encoder())],
      ["pair", getArrayEncoder(getU16Encoder(), { size: 2 })],
    ]).encode({
      amount: AMOUNT,
      memo: "für Bob",
      beneficiaries: [bob.toBase58(), mint.toBase58()] as never,
      lock: null,
      flag: true,
      raw: new Uint8Array([0xca, 0xfe]),
      pair: [1, 65535],
    });
    const deposit = new TransactionInstruction({
      programId: VAULT,
      keys: [meta(payer, true, true), meta(destination, true)],
      data: data(Buffer.from(anchorInstructionDiscriminator("deposit"), "hex"), encoded),
    });
    const tx = solanaTx(legacy(deposit), interfaces);
    expect(tx.instructions[0]!.parsed_instruction_data).toEqual({
      instruction_name: "deposit",
      discriminator: anchorInstructionDiscriminator("deposit"),
      named_accounts: { user: payer.toBase58(), vault: destination.toBase58() },
      // `lock` is None: an absent argument.
      program_call_args: {
        amount: AMOUNT,
        memo: "für Bob",
        beneficiaries: [bob.toBase58(), mint.toBase58()],
        flag: true,
        raw: "cafe",
        pair: [1n, 65535n],
      },
    });
  });

  it("names the instruction but leaves the arguments out when a type is not decodable", () => {
    const configure = new TransactionInstruction({
      programId: VAULT,
      keys: [meta(payer, false, true)],
      data: data([9, 1, 2, 3]),
    });
    const parsed = solanaTx(legacy(configure), interfaces).instructions[0]!.parsed_instruction_data;
    expect(parsed).toEqual({
      instruction_name: "configure",
      discriminator: "09",
      named_accounts: { admin: payer.toBase58() },
    });
  });

  it("leaves parsed_instruction_data absent for unknown data, short data, or a program without an IDL", () => {
    const unknown = new TransactionInstruction({
      programId: VAULT,
      keys: [],
      data: data([1, 2, 3, 4, 5, 6, 7, 8]),
    });
    const short = new TransactionInstruction({
      programId: RAYDIUM,
      keys: [],
      data: data([143, 190, 90, 218, 196, 30, 51, 222], u64(1n)),
    });
    const tx = solanaTx(
      legacy(unknown, short, SystemProgram.transfer({ fromPubkey: payer, toPubkey: bob, lamports: 1 })),
      interfaces,
    );
    expect(tx.instructions[0]).not.toHaveProperty("parsed_instruction_data");
    // Short data still names the instruction; only the arguments could not be read.
    expect(tx.instructions[1]!.parsed_instruction_data).toEqual({
      instruction_name: "swap_base_input",
      discriminator: "8fbe5adac41e33de",
      named_accounts: {},
    });
    expect(tx.instructions[2]).not.toHaveProperty("parsed_instruction_data");
  });
});
