import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
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
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
} from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { anchorInstructionDiscriminator, parseContractInterface } from "@/server/contracts";
import { InputError } from "@/server/encoding/input-error";
import { conformanceProblems } from "../conforms";
import type { ContractInterfaceRef } from "../interfaces";
import { CONDITION_SCHEMA } from "../schema";
import { ADDRESS_TABLE_LOOKUP, solanaTransactionContext } from "../solana";

const SYSTEM = SystemProgram.programId;
const TOKEN = new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA");
const TOKEN_2022 = new PublicKey("TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb");
const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
const payer = key(1);
const bob = key(2);
const source = key(3);
const mint = key(4);
const destination = key(5);
const multisig = key(6);
const cosigner1 = key(7);
const cosigner2 = key(8);
const BLOCKHASH = key(9).toBase58();
const LAMPORTS = 1_500_000_000n;
const AMOUNT = 18_000_000_000_000_000_000n; // over 2^63: a u64 read as unsigned

const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return bytes;
};
const data = (...parts: ArrayLike<number>[]) => Buffer.from(parts.flatMap((p) => Array.from(p)));
const meta = (pubkey: PublicKey, isWritable: boolean, isSigner = false) => ({ pubkey, isWritable, isSigner });

/** spl-token's TransferChecked (12): source, mint, destination, owner; amount u64, decimals u8. */
const transferChecked = (programId = TOKEN) =>
  new TransactionInstruction({
    programId,
    keys: [meta(source, true), meta(mint, false), meta(destination, true), meta(payer, false, true)],
    data: data([12], u64(AMOUNT), [6]),
  });

/** solanaTransactionContext, checked against the condition schema on the way. */
function solanaTx(serialized: Uint8Array, interfaces: ContractInterfaceRef[] = []) {
  const tx = solanaTransactionContext(bytesToHex(serialized), interfaces);
  expect(conformanceProblems({ solana: { tx } }, CONDITION_SCHEMA)).toEqual([]);
  return tx as Record<string, unknown> & {
    instructions: Record<string, unknown>[];
    transfers: unknown[];
    spl_transfers: unknown[];
  };
}

function legacy(...instructions: TransactionInstruction[]): Uint8Array {
  const transaction = new Transaction({ feePayer: payer, recentBlockhash: BLOCKHASH }).add(...instructions);
  return transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
}

describe("solana.tx of a legacy transaction", () => {
  const systemTransfer = SystemProgram.transfer({ fromPubkey: payer, toPubkey: bob, lamports: LAMPORTS });
  const serialized = legacy(
    ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
    systemTransfer,
    transferChecked(),
  );
  const message = Transaction.from(serialized).compileMessage();
  const tx = solanaTx(serialized);

  it("lists the account keys, the programs and the blockhash", () => {
    expect(tx.account_keys).toEqual(message.accountKeys.map((k) => k.toBase58()));
    expect([...(tx.program_keys as string[])].sort()).toEqual(
      [ComputeBudgetProgram.programId, SYSTEM, TOKEN].map((k) => k.toBase58()).sort(),
    );
    expect(tx.recent_blockhash).toBe(BLOCKHASH);
    expect(tx.address_table_lookups).toEqual([]);
  });

  it("keeps each instruction's program, accounts with their roles, and data", () => {
    expect(tx.instructions).toHaveLength(3);
    expect(tx.instructions[1]).toEqual({
      program_key: SYSTEM.toBase58(),
      accounts: [
        { account_key: payer.toBase58(), signer: true, writable: true },
        { account_key: bob.toBase58(), signer: false, writable: true },
      ],
      instruction_data_hex: bytesToHex(systemTransfer.data),
      address_table_lookups: [],
    });
    expect(tx.instructions[2]!.accounts).toEqual([
      { account_key: source.toBase58(), signer: false, writable: true },
      { account_key: mint.toBase58(), signer: false, writable: false },
      { account_key: destination.toBase58(), signer: false, writable: true },
      { account_key: payer.toBase58(), signer: true, writable: true },
    ]);
  });

  it("finds the System Program transfer", () => {
    expect(tx.transfers).toEqual([{ from: payer.toBase58(), to: bob.toBase58(), amount: LAMPORTS }]);
  });

  it("finds the SPL TransferChecked with its mint", () => {
    expect(tx.spl_transfers).toEqual([
      {
        from: source.toBase58(),
        to: destination.toBase58(),
        owner: payer.toBase58(),
        token_mint: mint.toBase58(),
        amount: AMOUNT,
        decimals: 6n,
        signers: [],
      },
    ]);
  });
});

describe("solana.tx SPL transfers", () => {
  it("reads a plain Transfer from a multisig owner: signers listed, no mint", () => {
    const tx = solanaTx(
      legacy(
        new TransactionInstruction({
          programId: TOKEN,
          keys: [
            meta(source, true),
            meta(destination, true),
            meta(multisig, false),
            meta(cosigner1, false, true),
            meta(cosigner2, false, true),
          ],
          data: data([3], u64(42n)),
        }),
      ),
    );
    expect(tx.spl_transfers).toEqual([
      {
        from: source.toBase58(),
        to: destination.toBase58(),
        owner: multisig.toBase58(),
        signers: [cosigner1.toBase58(), cosigner2.toBase58()],
        amount: 42n,
      },
    ]);
  });

  it("reads Token-2022's TransferChecked and TransferCheckedWithFee", () => {
    const withFee = new TransactionInstruction({
      programId: TOKEN_2022,
      keys: transferChecked().keys,
      data: data([26, 1], u64(1000n), [9], u64(5n)),
    });
    const tx = solanaTx(legacy(transferChecked(TOKEN_2022), withFee));
    expect(tx.spl_transfers).toHaveLength(2);
    expect(tx.spl_transfers[1]).toEqual({
      from: source.toBase58(),
      to: destination.toBase58(),
      owner: payer.toBase58(),
      token_mint: mint.toBase58(),
      amount: 1000n,
      decimals: 9n,
      fee: 5n,
      signers: [],
    });
  });

  it("counts neither other token instructions nor other System instructions as transfers", () => {
    const approve = new TransactionInstruction({
      programId: TOKEN,
      keys: [meta(source, true), meta(bob, false), meta(payer, false, true)],
      data: data([4], u64(1n)),
    });
    const allocate = SystemProgram.allocate({ accountPubkey: payer, space: 100 });
    const tx = solanaTx(legacy(approve, allocate));
    expect(tx.transfers).toEqual([]);
    expect(tx.spl_transfers).toEqual([]);
    expect(tx.instructions).toHaveLength(2);
  });
});

describe("solana.tx of a v0 transaction with an address lookup table", () => {
  const carol = key(10);
  const dave = key(11);
  const tableKey = key(12);
  const table = new AddressLookupTableAccount({
    key: tableKey,
    state: {
      deactivationSlot: 2n ** 64n - 1n,
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses: [mint, carol, dave],
    },
  });
  const compiled = MessageV0.compile({
    payerKey: payer,
    recentBlockhash: BLOCKHASH,
    instructions: [
      SystemProgram.transfer({ fromPubkey: payer, toPubkey: carol, lamports: 5n }),
      new TransactionInstruction({
        programId: TOKEN,
        keys: [meta(source, true), meta(mint, false), meta(dave, true), meta(payer, false, true)],
        data: data([12], u64(7n), [2]),
      }),
    ],
    addressLookupTableAccounts: [table],
  });
  const tx = solanaTx(new VersionedTransaction(compiled).serialize());

  it("shows addresses from the table as ADDRESS_TABLE_LOOKUP, where policies would compare them", () => {
    expect(tx.transfers).toEqual([{ from: payer.toBase58(), to: ADDRESS_TABLE_LOOKUP, amount: 5n }]);
    expect(tx.spl_transfers).toEqual([
      {
        from: source.toBase58(),
        to: ADDRESS_TABLE_LOOKUP,
        owner: payer.toBase58(),
        token_mint: ADDRESS_TABLE_LOOKUP,
        amount: 7n,
        decimals: 2n,
        signers: [],
      },
    ]);
    const lookedUp = compiled.addressTableLookups[0]!;
    expect(tx.account_keys).toEqual([
      ...compiled.staticAccountKeys.map((k) => k.toBase58()),
      ...Array(lookedUp.writableIndexes.length + lookedUp.readonlyIndexes.length).fill(ADDRESS_TABLE_LOOKUP),
    ]);
  });

  it("lists the table lookups, and which entries each instruction uses", () => {
    const lookup = compiled.addressTableLookups[0]!;
    expect(tx.address_table_lookups).toEqual([
      {
        address_table_key: tableKey.toBase58(),
        writable_indexes: lookup.writableIndexes.map(BigInt),
        readonly_indexes: lookup.readonlyIndexes.map(BigInt),
      },
    ]);
    expect(tx.instructions[0]!.accounts).toEqual([
      { account_key: payer.toBase58(), signer: true, writable: true },
      { account_key: ADDRESS_TABLE_LOOKUP, signer: false, writable: true },
    ]);
    expect(tx.instructions[0]!.address_table_lookups).toEqual([
      { address_table_key: tableKey.toBase58(), writable_indexes: [1n], readonly_indexes: [] },
    ]);
    expect(tx.instructions[1]!.address_table_lookups).toEqual([
      { address_table_key: tableKey.toBase58(), writable_indexes: [2n], readonly_indexes: [0n] },
    ]);
  });

  it("refuses a program id taken from a lookup table, as Turnkey does", () => {
    // Hand-built v0 message: one static key (the payer); the only instruction's program is the
    // table's entry 0 (account index 1).
    const bytes = data(
      [1],
      new Uint8Array(64),
      [0x80, 1, 0, 0],
      [1],
      payer.toBytes(),
      new PublicKey(BLOCKHASH).toBytes(),
      [1, 1, 0, 0],
      [1],
      tableKey.toBytes(),
      [1, 0, 0],
    );
    expect(() => solanaTransactionContext(bytesToHex(bytes), [])).toThrow(InputError);
    expect(() => solanaTransactionContext(bytesToHex(bytes), [])).toThrow(/address lookup table/);
  });
});

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

describe("solana.tx input checks", () => {
  it("refuses what the signer refuses, naming unsignedTransaction", () => {
    expect(() => solanaTransactionContext("zz", [])).toThrow(/unsignedTransaction is not valid hex/);
    expect(() => solanaTransactionContext("01", [])).toThrow(InputError);
    const good = bytesToHex(
      legacy(SystemProgram.transfer({ fromPubkey: payer, toPubkey: bob, lamports: 1 })),
    );
    expect(() => solanaTransactionContext(`${good}00`, [])).toThrow(/unexpected bytes/);
  });
});
