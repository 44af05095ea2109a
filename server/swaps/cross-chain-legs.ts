import { type Hex, keccak256, parseEther, toHex } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import { isRpcError } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { CrossChainLeg } from "../db/schema";
import { ALREADY_KNOWN, NONCE_TAKEN } from "../sends/evm-follow";
import { gasLimitFor } from "../sends/gas-margin";
import { revertFailure } from "../sends/revert-reason";
import { crossChainAccount, transferCall } from "./cross-chain-provider";
import { NATIVE } from "./local-pools";

/** Gas money the provider's account keeps on a local devnet, topped up when it runs low. */
const GAS_LOW = parseEther("1");

export type LegStep =
  | { kind: "sent" }
  | { kind: "waiting" }
  | { kind: "landed" }
  /** The chain refused it before or at inclusion: `reason` is the chain's. */
  | { kind: "refused"; reason: string };

/**
 * One step of one provider transfer, the way the send job moves a send: sign it (the bytes stored by
 * `save` before they are broadcast, so a retry after a crash sends those very bytes — a transfer can
 * land at most once), broadcast, then look for its receipt, sending the same bytes again if the node
 * lost them. A transfer the node would revert is refused before anything is signed.
 */
export async function stepLeg(
  app: AppContext,
  leg: CrossChainLeg,
  save: (leg: CrossChainLeg) => Promise<void>,
): Promise<LegStep> {
  const client = await app.chains.rpc(leg.caip2);
  const chain = evmAdapter(client);
  const from = crossChainAccount.address;
  const call = transferCall(leg.token, leg.to as Hex, BigInt(leg.amount));
  if (!leg.signedTransaction) {
    // Gas for a token transfer; never before a native one, whose amount must come from inventory.
    if (leg.token !== NATIVE && (await chain.balance(from)) < GAS_LOW) {
      await client.call("anvil_setBalance", [from, toHex(GAS_LOW)]);
    }
    let gas: bigint;
    try {
      gas = gasLimitFor(await chain.estimateGas({ from, ...call }), call.data);
    } catch (error) {
      if (!isRpcError(error)) throw error;
      return { kind: "refused", reason: revertFailure(call.to, error.message, error.data).message };
    }
    const signed = await crossChainAccount.signTransaction({
      type: "eip1559",
      chainId: await chain.chainId(),
      nonce: Number(await chain.pendingNonce(from)),
      to: call.to,
      value: call.value,
      data: call.data,
      gas,
      ...(await chain.feeData()),
    });
    leg.signedTransaction = signed;
    leg.txHash = keccak256(signed);
    await save(leg);
    await broadcast(app, leg, save);
    return { kind: "sent" };
  }
  const receipt = await chain.receipt(leg.txHash!);
  if (!receipt) {
    // A devnet that lost it (restored from its state, or the process died before broadcasting).
    if (!(await chain.knows(leg.txHash!))) await broadcast(app, leg, save);
    return { kind: "waiting" };
  }
  if (!receipt.success) {
    const reason = await chain
      .call({ from, ...call }, receipt.blockNumber - 1n)
      .then(() => "the transfer reverted (no reason given)")
      .catch((error) =>
        isRpcError(error) ? revertFailure(call.to, error.message, error.data).message : String(error),
      );
    return { kind: "refused", reason };
  }
  return { kind: "landed" };
}

async function broadcast(app: AppContext, leg: CrossChainLeg, save: (leg: CrossChainLeg) => Promise<void>) {
  const chain = evmAdapter(await app.chains.rpc(leg.caip2));
  try {
    await chain.sendRawTransaction(leg.signedTransaction!);
  } catch (error) {
    if (!isRpcError(error)) throw error;
    if (ALREADY_KNOWN.test(error.message)) return;
    const hash = leg.txHash!;
    if (NONCE_TAKEN.test(error.message) && !(await chain.receipt(hash)) && !(await chain.knows(hash))) {
      // Another provider transfer took the nonce first: sign afresh on the next run.
      leg.signedTransaction = undefined;
      leg.txHash = undefined;
      await save(leg);
      throw new Error(`nonce taken, signing again: ${error.message}`);
    }
    throw error;
  }
}
