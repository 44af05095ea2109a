import { bytesToHex } from "@noble/hashes/utils.js";
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  MessageV0,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
  VersionedTransaction,
} from "@solana/web3.js";
import { describe, expect, it } from "vitest";
import { InputError } from "@/server/encoding/input-error";
import { ADDRESS_TABLE_LOOKUP, solanaTransactionContext } from "../solana";
import {
  AMOUNT,
  BLOCKHASH,
  bob,
  cosigner1,
  cosigner2,
  data,
  destination,
  key,
  LAMPORTS,
  legacy,
  meta,
  mint,
  multisig,
  payer,
  SYSTEM,
  solanaTx,
  source,
  TOKEN,
  TOKEN_2022,
  transferChecked,
  u64,
} from "./solana-fixtures";

/** solana.tx of legacy and v0 transactions: accounts, instructions, transfers, lookups, refusals. */

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
