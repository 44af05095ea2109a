import { RpcError } from "../../../json-rpc";
import { addressParam, configParam, param, stringListParam, withContext } from "../params";
import { invalidParams, UNSUPPORTED_TRANSACTION_VERSION } from "../rpc-errors";
import type { TxRecord } from "../tx-records";
import { decodeEncodedTransaction, decodeWireTransaction, toBase58 } from "../wire";
import type { Methods } from "./method";

/**
 * There are no forks on a single in-process ledger: a processed transaction is final at once, so
 * statuses say "finalized" (confirmations null) as soon as it is recorded.
 */
const FINALIZED = "finalized";

function status(record: TxRecord) {
  return {
    slot: record.slot,
    confirmations: null,
    err: record.err,
    status: record.err === null ? { Ok: null } : { Err: record.err },
    confirmationStatus: FINALIZED,
  };
}

function renderMessage(record: TxRecord) {
  const wire = decodeWireTransaction(Buffer.from(record.wire, "base64"));
  const { header, instructions } = wire.message;
  const lookups = "addressTableLookups" in wire.message ? (wire.message.addressTableLookups ?? []) : [];
  return {
    signatures: wire.signatures,
    message: {
      accountKeys: wire.accountKeys,
      header: {
        numRequiredSignatures: header.numSignerAccounts,
        numReadonlySignedAccounts: header.numReadonlySignerAccounts,
        numReadonlyUnsignedAccounts: header.numReadonlyNonSignerAccounts,
      },
      recentBlockhash: wire.recentBlockhash,
      instructions: instructions.map((ix) => ({
        programIdIndex: ix.programAddressIndex,
        accounts: ix.accountIndices ?? [],
        data: toBase58((ix.data ?? new Uint8Array()) as Uint8Array),
        stackHeight: null,
      })),
      ...(wire.version === "legacy"
        ? {}
        : {
            addressTableLookups: lookups.map((l) => ({
              accountKey: l.lookupTableAddress,
              writableIndexes: l.writableIndexes,
              readonlyIndexes: l.readonlyIndexes,
            })),
          }),
    },
  };
}

function renderTransaction(record: TxRecord, encoding: unknown) {
  const wire = decodeWireTransaction(Buffer.from(record.wire, "base64"));
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    version: wire.version,
    transaction: encoding === "base64" ? [record.wire, "base64"] : renderMessage(record),
    meta: {
      err: record.err,
      status: record.err === null ? { Ok: null } : { Err: record.err },
      fee: BigInt(record.fee),
      preBalances: record.preBalances.map(BigInt),
      postBalances: record.postBalances.map(BigInt),
      innerInstructions: record.innerInstructions,
      logMessages: record.logs,
      preTokenBalances: record.preTokenBalances,
      postTokenBalances: record.postTokenBalances,
      rewards: [],
      loadedAddresses: { writable: [], readonly: [] },
      computeUnitsConsumed: BigInt(record.computeUnits),
    },
  };
}

function signatureParam(value: unknown, name: string): string {
  if (typeof value !== "string" || !/^[1-9A-HJ-NP-Za-km-z]{64,88}$/.test(value)) {
    throw invalidParams(`${name} is not a base58 transaction signature`);
  }
  return value;
}

export const transactionMethods: Methods = {
  sendTransaction(ledger, params) {
    const config = configParam(params, 1);
    const wire = decodeEncodedTransaction(param(params, 0, "transaction"), config.encoding);
    return ledger.submit(wire, config.skipPreflight !== true);
  },

  simulateTransaction(ledger, params) {
    const config = configParam(params, 1);
    if (config.accounts !== undefined && config.accounts !== null) {
      throw invalidParams("the local devnet's simulateTransaction does not return accounts; omit `accounts`");
    }
    const wire = decodeEncodedTransaction(param(params, 0, "transaction"), config.encoding);
    const result = ledger.simulate(wire, {
      sigVerify: config.sigVerify === true,
      replaceRecentBlockhash: config.replaceRecentBlockhash === true,
    });
    return withContext(ledger, {
      accounts: null,
      err: result.err,
      innerInstructions: null,
      logs: result.logs,
      replacementBlockhash: result.replacementBlockhash,
      returnData: null,
      unitsConsumed: result.unitsConsumed,
    });
  },

  getSignatureStatuses(ledger, params) {
    const signatures = stringListParam(params, 0, "signatures", 256).map((s, i) =>
      signatureParam(s, `signatures[${i}]`),
    );
    configParam(params, 1);
    return withContext(
      ledger,
      signatures.map((s) => {
        const record = ledger.records.get(s);
        return record ? status(record) : null;
      }),
    );
  },

  getTransaction(ledger, params) {
    const signature = signatureParam(param(params, 0, "signature"), "signature");
    const config = typeof params[1] === "string" ? { encoding: params[1] } : configParam(params, 1);
    if (config.encoding !== undefined && config.encoding !== "json" && config.encoding !== "base64") {
      throw invalidParams(
        `the local devnet's getTransaction encodes as json or base64, not ${String(config.encoding)}`,
      );
    }
    const record = ledger.records.get(signature);
    if (!record) return null;
    const wire = decodeWireTransaction(Buffer.from(record.wire, "base64"));
    const supported = config.maxSupportedTransactionVersion;
    if (wire.version !== "legacy" && (supported === undefined || Number(supported) < Number(wire.version))) {
      throw new RpcError(
        UNSUPPORTED_TRANSACTION_VERSION,
        `Transaction version (${wire.version}) is not supported by the requesting client. Please try the request again with the following configuration parameter: "maxSupportedTransactionVersion": ${wire.version}`,
      );
    }
    return renderTransaction(record, config.encoding);
  },

  getSignaturesForAddress(ledger, params) {
    const address = addressParam(params, 0);
    const config = configParam(params, 1);
    const limit = config.limit === undefined ? 1000 : Number(config.limit);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
      throw invalidParams("limit must be between 1 and 1000");
    let records = ledger.records.forAddress(address);
    if (config.before !== undefined) {
      const at = records.findIndex((r) => r.signature === signatureParam(config.before, "before"));
      records = at < 0 ? [] : records.slice(at + 1);
    }
    if (config.until !== undefined) {
      const at = records.findIndex((r) => r.signature === signatureParam(config.until, "until"));
      if (at >= 0) records = records.slice(0, at);
    }
    return records.slice(0, limit).map((r) => ({
      signature: r.signature,
      slot: r.slot,
      err: r.err,
      memo: null,
      blockTime: r.blockTime,
      confirmationStatus: FINALIZED,
    }));
  },
};
