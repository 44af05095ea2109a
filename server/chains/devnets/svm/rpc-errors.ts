import type { FailedTransactionMetadata } from "litesvm";
import { RpcError } from "../../json-rpc";

/** JSON-RPC error codes as Solana's RPC uses them. */
export const INVALID_PARAMS = -32602;
export const METHOD_NOT_FOUND = -32601;
/** sendTransaction's preflight simulation failed: `data.err` is the transaction error. */
export const PREFLIGHT_FAILED = -32002;
export const SIGNATURE_VERIFICATION_FAILED = -32003;
export const UNSUPPORTED_TRANSACTION_VERSION = -32015;
/** getBlock of a slot that has no block (here: no transaction landed in it). */
export const SLOT_SKIPPED = -32007;

export const invalidParams = (why: string) => new RpcError(INVALID_PARAMS, `Invalid params: ${why}`);

/** Solana's TransactionError as its JSON-RPC shows it: a name, or `{Name: detail}`. */
export type TransactionError = string | Record<string, unknown>;

// litesvm exposes these enums as numbers; the names are Solana's, in litesvm's declared order.
const TRANSACTION_ERRORS = (
  "AccountInUse AccountLoadedTwice AccountNotFound ProgramAccountNotFound InsufficientFundsForFee " +
  "InvalidAccountForFee AlreadyProcessed BlockhashNotFound CallChainTooDeep MissingSignatureForFee " +
  "InvalidAccountIndex SignatureFailure InvalidProgramForExecution SanitizeFailure ClusterMaintenance " +
  "AccountBorrowOutstanding WouldExceedMaxBlockCostLimit UnsupportedVersion InvalidWritableAccount " +
  "WouldExceedMaxAccountCostLimit WouldExceedAccountDataBlockLimit TooManyAccountLocks " +
  "AddressLookupTableNotFound InvalidAddressLookupTableOwner InvalidAddressLookupTableData " +
  "InvalidAddressLookupTableIndex InvalidRentPayingAccount WouldExceedMaxVoteCostLimit " +
  "WouldExceedAccountDataTotalLimit MaxLoadedAccountsDataSizeExceeded ResanitizationNeeded " +
  "InvalidLoadedAccountsDataSizeLimit UnbalancedTransaction ProgramCacheHitMaxLimit CommitCancelled"
).split(" ");

const INSTRUCTION_ERRORS = (
  "GenericError InvalidArgument InvalidInstructionData InvalidAccountData AccountDataTooSmall " +
  "InsufficientFunds IncorrectProgramId MissingRequiredSignature AccountAlreadyInitialized " +
  "UninitializedAccount UnbalancedInstruction ModifiedProgramId ExternalAccountLamportSpend " +
  "ExternalAccountDataModified ReadonlyLamportChange ReadonlyDataModified DuplicateAccountIndex " +
  "ExecutableModified RentEpochModified NotEnoughAccountKeys AccountDataSizeChanged AccountNotExecutable " +
  "AccountBorrowFailed AccountBorrowOutstanding DuplicateAccountOutOfSync InvalidError " +
  "ExecutableDataModified ExecutableLamportChange ExecutableAccountNotRentExempt UnsupportedProgramId " +
  "CallDepth MissingAccount ReentrancyNotAllowed MaxSeedLengthExceeded InvalidSeeds InvalidRealloc " +
  "ComputationalBudgetExceeded PrivilegeEscalation ProgramEnvironmentSetupFailure " +
  "ProgramFailedToComplete ProgramFailedToCompile Immutable IncorrectAuthority AccountNotRentExempt " +
  "InvalidAccountOwner ArithmeticOverflow UnsupportedSysvar IllegalOwner " +
  "MaxAccountsDataAllocationsExceeded MaxAccountsExceeded MaxInstructionTraceLengthExceeded " +
  "BuiltinProgramsMustConsumeComputeUnits BorshIoError"
).split(" ");

type Detailed = { index?: number; accountIndex?: number; code?: number; err?: () => unknown };

function instructionError(error: unknown): unknown {
  if (typeof error === "number") return INSTRUCTION_ERRORS[error] ?? `InstructionError${error}`;
  const detailed = error as Detailed;
  if (typeof detailed.code === "number") return { Custom: detailed.code };
  return { BorshIoError: String(error) };
}

/** litesvm's error object to Solana's JSON form (`"BlockhashNotFound"`, `{InstructionError: [0, {Custom: 1}]}`). */
export function transactionError(failed: FailedTransactionMetadata): TransactionError {
  const error = failed.err() as unknown;
  if (typeof error === "number") return TRANSACTION_ERRORS[error] ?? `TransactionError${error}`;
  const detailed = error as Detailed;
  const name = (error as object).constructor.name;
  if (name.endsWith("InstructionError"))
    return { InstructionError: [detailed.index, instructionError(detailed.err?.())] };
  if (name.endsWith("DuplicateInstruction")) return { DuplicateInstruction: detailed.index };
  if (name.endsWith("InsufficientFundsForRent"))
    return { InsufficientFundsForRent: { account_index: detailed.accountIndex } };
  return { ProgramExecutionTemporarilyRestricted: { account_index: detailed.accountIndex } };
}

const SENTENCES: Record<string, string> = {
  BlockhashNotFound: "Blockhash not found",
  AlreadyProcessed: "This transaction has already been processed",
  AccountNotFound: "Attempt to debit an account but found no record of a prior credit.",
  InsufficientFundsForFee: "Insufficient funds for fee",
  SignatureFailure: "Transaction did not pass signature verification",
};

/** The words Solana's RPC puts after "Transaction simulation failed: ". */
export function describeTransactionError(error: TransactionError): string {
  if (typeof error === "string") return SENTENCES[error] ?? error;
  const [name, detail] = Object.entries(error)[0]!;
  if (name === "InstructionError") {
    const [index, inner] = detail as [number, unknown];
    const what =
      inner && typeof inner === "object" && "Custom" in inner
        ? `custom program error: 0x${(inner as { Custom: number }).Custom.toString(16)}`
        : String(inner);
    return `Error processing Instruction ${index}: ${what}`;
  }
  if (name === "InsufficientFundsForRent") {
    const { account_index } = detail as { account_index: number };
    return `Transaction results in an account (${account_index}) with insufficient funds for rent`;
  }
  return `${name}: ${JSON.stringify(detail)}`;
}
