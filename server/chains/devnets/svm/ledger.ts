import {
  type Address,
  getCompiledTransactionMessageEncoder,
  lamports,
  none,
  some,
  type Transaction,
} from "@solana/kit";
import { getMintEncoder, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from "litesvm";
import { RpcError } from "../../json-rpc";
import {
  describeTransactionError,
  invalidParams,
  PREFLIGHT_FAILED,
  SIGNATURE_VERIFICATION_FAILED,
  type TransactionError,
  transactionError,
} from "./rpc-errors";
import { FAUCET_LAMPORTS, faucetSigner, USDC_DECIMALS, usdcMintSigner } from "./seeded-keys";
import { SlotClock, type SlotClockState } from "./slot-clock";
import { tokenBalances } from "./token-accounts";
import { type TxRecord, TxRecords } from "./tx-records";
import { toBase58, toBase64, type WireTransaction } from "./wire";

/** Solana's base fee, which litesvm charges too: 5000 lamports per signature (no priority fees here). */
export const LAMPORTS_PER_SIGNATURE = 5000n;
const SYSTEM_PROGRAM = "11111111111111111111111111111111" as Address;

export interface SavedLedger {
  clock: SlotClockState;
  records: TxRecord[];
  svm: Uint8Array;
}

export interface Simulation {
  err: TransactionError | null;
  logs: string[];
  unitsConsumed: bigint;
  replacementBlockhash: { blockhash: string; lastValidBlockHeight: number } | null;
}

/**
 * One Solana cluster in this process: litesvm's accounts and runtime, the slot clock and its
 * blockhash window, and the record of processed transactions. Calls are synchronous, so each one
 * sees and leaves a consistent state.
 */
export class SvmLedger {
  readonly clock: SlotClock;
  readonly records: TxRecords;
  /** Set by every change worth saving; the owner clears it when it saves. */
  dirty = false;

  private constructor(
    readonly svm: LiteSVM,
    saved: SavedLedger | undefined,
  ) {
    // litesvm only knows its latest blockhash; the clock's window of recent ones decides instead.
    svm.withBlockhashCheck(false).withSigverify(true);
    this.clock = new SlotClock(svm, saved?.clock);
    this.records = new TxRecords(saved?.records);
  }

  static async open(saved: SavedLedger | undefined): Promise<SvmLedger> {
    if (saved) return new SvmLedger(LiteSVM.fromBytes(saved.svm), saved);
    const ledger = new SvmLedger(new LiteSVM(), undefined);
    await ledger.seed();
    return ledger;
  }

  /** A fresh chain's seeded accounts: the faucet's lamports and the USDC-like mint. */
  private async seed(): Promise<void> {
    const faucet = await faucetSigner();
    const mint = await usdcMintSigner();
    this.svm.setAccount({
      address: faucet.address,
      lamports: lamports(FAUCET_LAMPORTS),
      programAddress: SYSTEM_PROGRAM,
      executable: false,
      data: new Uint8Array(),
      space: 0n,
    });
    const data = getMintEncoder().encode({
      mintAuthority: some(mint.address),
      supply: 0n,
      decimals: USDC_DECIMALS,
      isInitialized: true,
      freezeAuthority: none(),
    }) as Uint8Array;
    this.svm.setAccount({
      address: mint.address,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      data,
      space: BigInt(data.length),
    });
    this.dirty = true;
  }

  save(): SavedLedger {
    return { clock: this.clock.state(), records: this.records.all(), svm: this.svm.toBytes() };
  }

  balance(address: Address): bigint {
    return this.svm.getBalance(address) ?? 0n;
  }

  /**
   * sendTransaction: refuse what a validator would refuse before processing (bad signatures, a
   * blockhash outside the window, a replay), run the preflight simulation unless skipped, then
   * process it. A transaction that fails while executing still lands (its fee is paid) with `err`.
   * Without preflight, a transaction a validator would drop is dropped: its signature is returned
   * and it never appears, as on Solana.
   */
  submit(wire: WireTransaction, preflight: boolean): string {
    const signature = wire.signatures[0]!;
    if (wire.unsigned)
      throw new RpcError(SIGNATURE_VERIFICATION_FAILED, "Transaction signature verification failure");
    if (this.records.get(signature)) return refuse(preflight, signature, "AlreadyProcessed");
    if (!this.clock.isValid(wire.recentBlockhash)) return refuse(preflight, signature, "BlockhashNotFound");
    if (preflight) {
      const simulated = this.svm.simulateTransaction(wire.transaction);
      if (simulated instanceof FailedTransactionMetadata) {
        const err = transactionError(simulated);
        if (err === "SignatureFailure") throw signatureFailure();
        throw preflightFailure(err, simulated.meta());
      }
    }
    const { slot, blockhash, previousBlockhash } = this.clock.currentBlock();
    const keys = wire.accountKeys;
    const preBalances = keys.map((k) => this.balance(k).toString());
    const preTokenBalances = tokenBalances(this.svm, keys);
    const outcome = this.svm.sendTransaction(wire.transaction);
    const failed = outcome instanceof FailedTransactionMetadata;
    if (failed && this.svm.getTransaction(signature as never) === null) {
      const err = transactionError(outcome);
      if (err === "SignatureFailure") throw signatureFailure();
      return refuse(preflight, signature, err);
    }
    const meta = failed ? outcome.meta() : outcome;
    this.records.add({
      signature,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      block: { blockhash, previousBlockhash },
      wire: toBase64(wire.bytes),
      accounts: keys,
      err: failed ? transactionError(outcome) : null,
      fee: (LAMPORTS_PER_SIGNATURE * BigInt(wire.signatures.length)).toString(),
      preBalances,
      postBalances: keys.map((k) => this.balance(k).toString()),
      preTokenBalances,
      postTokenBalances: tokenBalances(this.svm, keys),
      logs: meta.logs(),
      computeUnits: meta.computeUnitsConsumed().toString(),
      innerInstructions: innerInstructions(meta),
    });
    this.dirty = true;
    return signature;
  }

  /** simulateTransaction: nothing is kept. Signatures are checked only when asked (Solana's default). */
  simulate(
    wire: WireTransaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Simulation {
    if (options.sigVerify && options.replaceRecentBlockhash) {
      throw invalidParams("sigVerify may not be used with replaceRecentBlockhash");
    }
    let transaction = wire.transaction;
    let replacementBlockhash: Simulation["replacementBlockhash"] = null;
    if (options.replaceRecentBlockhash) {
      replacementBlockhash = this.clock.latestBlockhash();
      transaction = withBlockhash(wire, replacementBlockhash.blockhash);
    } else if (!this.clock.isValid(wire.recentBlockhash)) {
      return { err: "BlockhashNotFound", logs: [], unitsConsumed: 0n, replacementBlockhash };
    }
    this.svm.withSigverify(options.sigVerify);
    try {
      const simulated = this.svm.simulateTransaction(transaction);
      const failed = simulated instanceof FailedTransactionMetadata;
      const meta = simulated.meta();
      return {
        err: failed ? transactionError(simulated) : null,
        logs: meta.logs(),
        unitsConsumed: meta.computeUnitsConsumed(),
        replacementBlockhash,
      };
    } finally {
      this.svm.withSigverify(true);
    }
  }

  /** Development only: every blockhash handed out so far stops being valid. */
  expireBlockhashes(): void {
    this.clock.expireAll();
    this.dirty = true;
  }
}

function refuse(preflight: boolean, signature: string, err: TransactionError): string {
  if (preflight) throw preflightFailure(err, undefined);
  return signature;
}

const signatureFailure = () =>
  new RpcError(SIGNATURE_VERIFICATION_FAILED, "Transaction signature verification failure");

function preflightFailure(err: TransactionError, meta: TransactionMetadata | undefined): RpcError {
  return new RpcError(PREFLIGHT_FAILED, `Transaction simulation failed: ${describeTransactionError(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: meta?.logs() ?? [],
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: meta?.computeUnitsConsumed() ?? 0n,
  });
}

function innerInstructions(meta: TransactionMetadata): TxRecord["innerInstructions"] {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => ({
        programIdIndex: inner.instruction().programIdIndex(),
        accounts: [...inner.instruction().accounts()],
        data: toBase58(inner.instruction().data()),
        stackHeight: inner.stackHeight(),
      })),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

/** The same transaction with another recent blockhash (its signatures no longer match: simulation only). */
function withBlockhash(wire: WireTransaction, blockhash: string): Transaction {
  const messageBytes = getCompiledTransactionMessageEncoder().encode({
    ...wire.message,
    lifetimeToken: blockhash,
  } as never);
  return { ...wire.transaction, messageBytes: messageBytes as Transaction["messageBytes"] };
}
