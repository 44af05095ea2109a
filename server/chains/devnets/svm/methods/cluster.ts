import { getCompiledTransactionMessageDecoder } from "@solana/kit";
import { LAMPORTS_PER_SIGNATURE } from "../ledger";
import { configParam, param, withContext } from "../params";
import { invalidParams } from "../rpc-errors";
import type { Methods } from "./method";

/** Solana's epochs: 432,000 slots (about two days at 400 ms). */
const SLOTS_PER_EPOCH = 432_000;

export const clusterMethods: Methods = {
  getLatestBlockhash: (ledger) => withContext(ledger, ledger.clock.latestBlockhash()),

  isBlockhashValid(ledger, params) {
    const blockhash = param(params, 0, "blockhash");
    if (typeof blockhash !== "string") throw invalidParams("blockhash must be a base58 string");
    return withContext(ledger, ledger.clock.isValid(blockhash));
  },

  getSlot: (ledger) => ledger.clock.slot(),
  getBlockHeight: (ledger) => ledger.clock.slot(),
  getGenesisHash: (_ledger, _params, cluster) => cluster.genesisHash,
  getHealth: () => "ok",
  getVersion: () => ({ "solana-core": "2.2.0", "feature-set": 0 }),

  getEpochInfo(ledger) {
    const slot = ledger.clock.slot();
    return {
      absoluteSlot: slot,
      blockHeight: slot,
      epoch: Math.floor(slot / SLOTS_PER_EPOCH),
      slotIndex: slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.records.size,
    };
  },

  /** The base fee of a base64 message; null when its blockhash is no longer valid, as on Solana. */
  getFeeForMessage(ledger, params) {
    const encoded = param(params, 0, "message");
    configParam(params, 1);
    if (typeof encoded !== "string") throw invalidParams("message must be a base64 string");
    let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>["decode"]>;
    try {
      message = getCompiledTransactionMessageDecoder().decode(Buffer.from(encoded, "base64"));
    } catch {
      throw invalidParams("message is not a base64 serialized transaction message");
    }
    const fee = ledger.clock.isValid(message.lifetimeToken)
      ? LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts)
      : null;
    return withContext(ledger, fee);
  },

  /** Development only, like Anvil's evm_mine: make every blockhash handed out so far stale. */
  latchkey_expireBlockhashes(ledger) {
    ledger.expireBlockhashes();
    return ledger.clock.latestBlockhash();
  },
};
