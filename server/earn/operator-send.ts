import { decodeEventLog, type Hex, keccak256 } from "viem";
import { evmAdapter } from "../chains/evm/adapter";
import { isRpcError, type JsonRpcClient } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { EarnRequestRow, JobRow } from "../db/schema";
import type { JobOutcome } from "../jobs/worker";
import { ALREADY_KNOWN, NONCE_TAKEN, pollDelayMs } from "../sends/evm-follow";
import { gasLimitFor } from "../sends/gas-margin";
import { revertFailure } from "../sends/revert-reason";
import { FEE_WRAPPER_FACTORY } from "./contracts";
import { type EarnDeployment, earnDeployment } from "./deployment";
import { EARN_OPERATOR_JOB, findEarnRequest, updateEarnRequest } from "./requests";
import { confirmDeployedWrapper, earlierDeployInFlight } from "./wrappers";

/** What the operator keeps to pay gas with on a local devnet (topped up by anvil_setBalance). */
const OPERATOR_LOW = 10n ** 18n;
const OPERATOR_FLOAT = 1000n * 10n ** 18n;
/** How soon a deployment waiting for an earlier one looks again. */
const WAIT_TURN_MS = 50;

/**
 * The job behind the Earn transactions the operator sends for an organization — a wrapper's
 * deployment, pausing and resuming its deposits, claiming its fees — one step per run, like the send
 * job: PENDING → fill and sign as the Earn operator, store the bytes before sending them (a retry
 * sends the same transaction, never a second one) → BROADCASTED → the receipt → COMPLETED, or
 * FAILED with the contract's decoded reason. A call the chain would revert is FAILED before anything
 * is signed (its estimate carries the reason). Never left PENDING: giving up says so (onGiveUp).
 */
export async function runEarnOperatorSend(app: AppContext, job: JobRow): Promise<JobOutcome> {
  const { requestId } = job.payload as { requestId: string };
  const request = await findEarnRequest(app.db, requestId);
  if (!request || request.status === "COMPLETED" || request.status === "FAILED") return { done: true };
  // An unreachable node throws: retried with backoff, and onGiveUp records it when attempts run out.
  const deployment = earnDeployment(app, request.caip2);
  if (!deployment) return fail(app, request, `${request.caip2} has no Earn deployment any more`);
  const client = await app.chains.rpc(request.caip2);
  return request.status === "PENDING"
    ? signAndSend(app, request, client, deployment)
    : follow(app, request, client, deployment);
}

const fail = async (app: AppContext, request: EarnRequestRow, error: string): Promise<JobOutcome> => {
  await updateEarnRequest(app.db, request.id, app.clock.now(), { status: "FAILED", error });
  return { done: true };
};

async function signAndSend(
  app: AppContext,
  request: EarnRequestRow,
  client: JsonRpcClient,
  { operator, local }: EarnDeployment,
): Promise<JobOutcome> {
  const chain = evmAdapter(client);
  const call = request.call as { to: string; data: string };
  let signed = request.signedTransaction as Hex | null;
  if (!signed) {
    if (request.kind === "DEPLOY" && (await earlierDeployInFlight(app.db, request.id))) {
      return { again: new Date(app.clock.now().getTime() + WAIT_TURN_MS) };
    }
    const from = operator.address;
    // A real network's operator is funded by whoever runs it: a shortfall fails the estimate below.
    if (local && (await chain.balance(from)) < OPERATOR_LOW) {
      await client.call("anvil_setBalance", [from, `0x${OPERATOR_FLOAT.toString(16)}`]);
    }
    let gas: bigint;
    try {
      gas = gasLimitFor(await chain.estimateGas({ from, ...call }), call.data);
    } catch (error) {
      if (!isRpcError(error)) throw error;
      return fail(app, request, revertFailure(call.to, error.message, error.data).message);
    }
    signed = await operator.signTransaction({
      type: "eip1559",
      chainId: await chain.chainId(),
      nonce: Number(await chain.pendingNonce(from)),
      to: call.to as Hex,
      data: call.data as Hex,
      gas,
      ...(await chain.feeData()),
    });
    await updateEarnRequest(app.db, request.id, app.clock.now(), {
      signedTransaction: signed,
      txHash: keccak256(signed),
    });
  }
  try {
    await chain.sendRawTransaction(signed);
  } catch (error) {
    if (!isRpcError(error)) throw error;
    if (!ALREADY_KNOWN.test(error.message)) {
      const hash = keccak256(signed);
      if (NONCE_TAKEN.test(error.message) && !(await chain.receipt(hash)) && !(await chain.knows(hash))) {
        // Another operator transaction took the nonce first: sign afresh on the next run.
        await updateEarnRequest(app.db, request.id, app.clock.now(), {
          signedTransaction: null,
          txHash: null,
        });
        throw new Error(`nonce taken, signing again: ${error.message}`);
      }
      if (!NONCE_TAKEN.test(error.message)) return fail(app, request, error.message);
    }
  }
  await updateEarnRequest(app.db, request.id, app.clock.now(), { status: "BROADCASTED" });
  return { again: app.clock.now() };
}

async function follow(
  app: AppContext,
  request: EarnRequestRow,
  client: JsonRpcClient,
  { operator }: EarnDeployment,
): Promise<JobOutcome> {
  const chain = evmAdapter(client);
  const receipt = await chain.receipt(request.txHash!);
  const now = app.clock.now().getTime();
  if (!receipt) {
    // A devnet that lost it (restored from its state): the same bytes again.
    if (!(await chain.knows(request.txHash!))) {
      await chain.sendRawTransaction(request.signedTransaction!).catch((error) => {
        if (!isRpcError(error) || ALREADY_KNOWN.test(error.message)) return;
        throw error;
      });
    }
    return { again: new Date(now + pollDelayMs(now - request.updatedAt.getTime())) };
  }
  if (!receipt.success) {
    const call = request.call as { to: string; data: string };
    const reason = await chain
      .call({ from: operator.address, ...call }, receipt.blockNumber - 1n)
      .then(() => "execution reverted (the contract gave no reason)")
      .catch((error) =>
        isRpcError(error) ? revertFailure(call.to, error.message, error.data).message : String(error),
      );
    return fail(app, request, reason);
  }
  if (request.kind === "DEPLOY") {
    const logs = await client.call<{ address: string; topics: Hex[]; data: Hex }[]>("eth_getLogs", [
      {
        fromBlock: `0x${receipt.blockNumber.toString(16)}`,
        toBlock: `0x${receipt.blockNumber.toString(16)}`,
        address: (request.call as { to: string }).to,
      },
    ]);
    for (const log of logs) {
      const event = decodeEventLog({
        abi: FEE_WRAPPER_FACTORY.abi,
        data: log.data,
        topics: log.topics as [Hex],
        strict: false,
      });
      if (event.eventName !== "WrapperDeployed") continue;
      const args = event.args as unknown as { wrapper: string; splitter: string };
      await confirmDeployedWrapper(app.db, request.id, args.wrapper, args.splitter);
    }
  }
  await updateEarnRequest(app.db, request.id, app.clock.now(), { status: "COMPLETED" });
  return { done: true };
}

/** When the node stayed unreachable through every attempt: FAILED, saying whether anything was sent. */
async function giveUp(app: AppContext, job: JobRow, error: string): Promise<void> {
  const { requestId } = job.payload as { requestId: string };
  const request = await findEarnRequest(app.db, requestId);
  if (!request || request.status === "COMPLETED" || request.status === "FAILED") return;
  const caution = request.txHash
    ? `; transaction ${request.txHash} was signed and may still land`
    : "; nothing was broadcast";
  await updateEarnRequest(app.db, request.id, app.clock.now(), {
    status: "FAILED",
    error: `gave up after ${job.attempts} attempts: ${error}${caution}`,
  });
}

export const EARN_JOB_HANDLERS = {
  [EARN_OPERATOR_JOB]: Object.assign(runEarnOperatorSend, { onGiveUp: giveUp }),
};
