import { RpcError } from "../../../json-rpc";
import { configParam, integerParam } from "../params";
import { invalidParams, SLOT_SKIPPED } from "../rpc-errors";
import type { Methods } from "./method";

/**
 * getBlock, for a block's hash and time (what a history shows beside a transaction). The devnet keeps
 * no blocks, only its transactions, each with the blockhash of its slot: a slot where none landed is
 * answered as Solana answers a skipped slot. Full transaction details are not served.
 */
export const blockMethods: Methods = {
  getBlock(ledger, params) {
    const slot = Number(integerParam(params, 0, "slot", BigInt(Number.MAX_SAFE_INTEGER)));
    const config = configParam(params, 1);
    const details = config.transactionDetails ?? "full";
    if (details !== "none" && details !== "signatures") {
      throw invalidParams(
        `the local devnet's getBlock answers transactionDetails "none" or "signatures", not ${JSON.stringify(details)}`,
      );
    }
    const records = ledger.records.inSlot(slot);
    const block = records[0]?.block;
    if (!block) {
      throw new RpcError(
        SLOT_SKIPPED,
        `Slot ${slot} was skipped, or missing due to ledger jump to recent snapshot`,
      );
    }
    return {
      blockhash: block.blockhash,
      previousBlockhash: block.previousBlockhash,
      parentSlot: Math.max(slot - 1, 0),
      blockHeight: slot,
      blockTime: records[0]!.blockTime,
      ...(details === "signatures" ? { signatures: records.map((r) => r.signature) } : {}),
      ...(config.rewards === false ? {} : { rewards: [] }),
    };
  },
};
