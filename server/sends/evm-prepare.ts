import { type Hex, serializeTransaction, type TransactionSerializable, zeroAddress } from "viem";
import type { TEthSendTransactionParams, TEthUndelegate7702Params } from "@/lib/api/broadcast";
import { chainInfo } from "@/lib/api/chains";
import type { EvmAdapter, EvmCall, FeeData, RpcAuthorization } from "../chains/evm/adapter";
import { ensureDelegateDeployed } from "../chains/evm/deploy-delegate";
import {
  type BatchCall,
  DELEGATE_NONCE_SLOT,
  encodeExecute,
  encodeExecuteSponsored,
  GAS_STATION_DELEGATE_ADDRESS,
  isDelegatedToGasStation,
  nonceFromStorage,
} from "../chains/evm/gas-station-delegate";
import { isRpcError, type JsonRpcClient } from "../chains/json-rpc";
import type { AppContext } from "../context";
import type { SendTransactionRow } from "../db/schema";
import { feeInUsdMicros } from "../gas-station/prices";
import { assertSponsorBudget, requireSponsor, type Sponsor } from "../gas-station/sponsor";
import { resolveSigner } from "../sign-with/resolve-signer";
import type { SigningKey } from "../signer/signing-key";
import { signAuthorization, signBatchExecution } from "./evm-account-signatures";
import { fillEvmTransaction } from "./evm-transaction";
import { gasLimitFor } from "./gas-margin";
import type { SendFailure } from "./records";
import { revertFailure } from "./revert-reason";

/** Gas of an undelegation when none is given: 21,000 for the transaction, 25,000 for the authorization, room to spare. */
export const UNDELEGATE_GAS_LIMIT = 60_000n;
/** A sponsored batch's signature is valid this long when no deadline is given (seconds of chain time). */
const DEFAULT_DEADLINE_SECONDS = 3_600n;

/** The send cannot be made, for a reason the user must hear: the job marks it FAILED with it. */
export class SendRefused extends Error {
  constructor(readonly failure: SendFailure) {
    super(failure.message);
    this.name = "SendRefused";
  }
}

// By name, as json-rpc.ts's errors are: Next.js may bundle this module more than once.
export const isSendRefused = (error: unknown): error is SendRefused =>
  error instanceof Error && error.name === "SendRefused";

/** The unsigned outer transaction and whose key signs it (the account's, or the gas station's). */
export interface PreparedEvmSend {
  unsigned: Hex;
  signer: { organizationId: string; address: string };
  sponsorOrganizationId?: string;
}

interface Ctx {
  app: AppContext;
  send: SendTransactionRow;
  chain: EvmAdapter;
  client: JsonRpcClient;
  chainId: number;
}

/**
 * Everything between an accepted send and its signature, read from the chain: a single call as
 * EIP-1559; several calls as the account's own EIP-7702 batch; a sponsored send as the gas station's
 * transaction calling executeSponsored on the account; an undelegation as an authorization to
 * address(0). Nothing here writes to the database.
 */
export async function prepareEvmSend(
  app: AppContext,
  send: SendTransactionRow,
  chain: EvmAdapter,
  client: JsonRpcClient,
): Promise<PreparedEvmSend> {
  const ctx: Ctx = { app, send, chain, client, chainId: chainInfo(send.caip2)!.chainId! };
  if (send.kind === "UNDELEGATE") return undelegate(ctx, send.request as TEthUndelegate7702Params);
  const request = send.request as TEthSendTransactionParams;
  if (request.sponsor) return sponsored(ctx, request);
  if (request.calls.length > 1) return ownBatch(ctx, request);
  try {
    const unsigned = await fillEvmTransaction(chain, ctx.chainId, send.fromAddress, request);
    return { unsigned, signer: { organizationId: send.organizationId, address: send.fromAddress } };
  } catch (error) {
    // The node refused to estimate: the call would revert (or the sender cannot pay). Say why.
    if (isRpcError(error))
      throw new SendRefused(revertFailure(request.calls[0]!.to, error.message, error.data));
    throw error;
  }
}

const batchCalls = (request: TEthSendTransactionParams): BatchCall[] =>
  request.calls.map((c) => ({
    to: c.to as Hex,
    value: BigInt(c.value ?? "0"),
    data: (c.data ?? "0x") as Hex,
  }));

/** Signs with the account's key inside a short database transaction (no network call inside it). */
function withAccountKey<T>(ctx: Ctx, fn: (key: SigningKey) => Promise<T>): Promise<T> {
  return ctx.app.db.transaction(async (tx) =>
    fn((await resolveSigner(ctx.app, tx, ctx.send.organizationId, ctx.send.fromAddress)).key),
  );
}

async function feesOf(chain: EvmAdapter, request: { maxFeePerGas?: string; maxPriorityFeePerGas?: string }) {
  if (request.maxFeePerGas !== undefined && request.maxPriorityFeePerGas !== undefined) {
    return {
      maxFeePerGas: BigInt(request.maxFeePerGas),
      maxPriorityFeePerGas: BigInt(request.maxPriorityFeePerGas),
    };
  }
  return chain.feeData();
}

/** The gas limit given, or the node's estimate with its margin; a refused estimate is the batch's revert. */
async function gasOf(ctx: Ctx, call: EvmCall, given: string | undefined): Promise<bigint> {
  if (given !== undefined) return BigInt(given);
  try {
    return gasLimitFor(await ctx.chain.estimateGas(call), call.data);
  } catch (error) {
    if (isRpcError(error)) throw new SendRefused(revertFailure(call.to, error.message, error.data));
    throw error;
  }
}

async function deployedDelegate(ctx: Ctx): Promise<void> {
  try {
    await ensureDelegateDeployed(ctx.client, {
      caip2: ctx.send.caip2,
      chainId: ctx.chainId,
      local: ctx.app.chains.isLocal(ctx.send.caip2),
    });
  } catch (error) {
    if (error instanceof Error && error.name === "DelegateMissing")
      throw new SendRefused({ message: error.message });
    throw error;
  }
}

function serialize(
  ctx: Ctx,
  tx: { to: string; data: Hex; nonce: bigint; gas: bigint; fees: FeeData; authorization?: RpcAuthorization },
): Hex {
  const common = {
    chainId: ctx.chainId,
    nonce: Number(tx.nonce),
    to: tx.to as Hex,
    value: 0n,
    data: tx.data,
    gas: tx.gas,
    ...tx.fees,
  };
  const transaction: TransactionSerializable = tx.authorization
    ? { ...common, type: "eip7702", authorizationList: [tx.authorization as never] }
    : { ...common, type: "eip1559" };
  return serializeTransaction(transaction);
}

/** Several calls paid by the account: its own type-4 transaction to itself calling execute(calls). */
async function ownBatch(ctx: Ctx, request: TEthSendTransactionParams): Promise<PreparedEvmSend> {
  const from = ctx.send.fromAddress;
  await deployedDelegate(ctx);
  const delegated = isDelegatedToGasStation(await ctx.chain.code(from));
  const nonce = request.nonce !== undefined ? BigInt(request.nonce) : await ctx.chain.pendingNonce(from);
  // The sender's nonce is spent before authorizations are applied: a self-sent one carries nonce + 1.
  const authorization = delegated
    ? undefined
    : await withAccountKey(ctx, (key) =>
        signAuthorization(key, ctx.chainId, GAS_STATION_DELEGATE_ADDRESS, nonce + 1n),
      );
  const data = encodeExecute(batchCalls(request));
  const fees = await feesOf(ctx.chain, request);
  const authorizationList = authorization ? [authorization] : undefined;
  const gas = await gasOf(ctx, { from, to: from, data, nonce, authorizationList }, request.gasLimit);
  return {
    unsigned: serialize(ctx, { to: from, data, nonce, gas, fees, authorization }),
    signer: { organizationId: ctx.send.organizationId, address: from },
  };
}

/** An authorization to address(0), paid by the account: its code is cleared. */
async function undelegate(ctx: Ctx, request: TEthUndelegate7702Params): Promise<PreparedEvmSend> {
  const from = ctx.send.fromAddress;
  const nonce = request.nonce !== undefined ? BigInt(request.nonce) : await ctx.chain.pendingNonce(from);
  const authorization = await withAccountKey(ctx, (key) =>
    signAuthorization(key, ctx.chainId, zeroAddress, nonce + 1n),
  );
  const fees = await feesOf(ctx.chain, request);
  const gas = request.gasLimit !== undefined ? BigInt(request.gasLimit) : UNDELEGATE_GAS_LIMIT;
  return {
    unsigned: serialize(ctx, { to: from, data: "0x", nonce, gas, fees, authorization }),
    signer: { organizationId: ctx.send.organizationId, address: from },
  };
}

/**
 * The gas station pays: the account signs the batch (EIP-712 BatchExecution) and, when not yet
 * delegated, an authorization at its current nonce; the gas station's key signs a transaction to the
 * account calling executeSponsored. The budget is checked against the most the fee can be.
 */
async function sponsored(ctx: Ctx, request: TEthSendTransactionParams): Promise<PreparedEvmSend> {
  const { app, chain, send } = ctx;
  const from = send.fromAddress;
  const sponsor = await refusedOnApiError(() => requireSponsor(app.db, send.organizationId, "evm"));
  await deployedDelegate(ctx);
  const delegated = isDelegatedToGasStation(await chain.code(from));
  // `nonce`, for a sponsored send, is the account's: the one its authorization is signed at. When the
  // account is its own gas station, its transaction's nonce is spent first, as in its own batch.
  const selfPaid = sponsor.address.toLowerCase() === from.toLowerCase();
  const accountNonce =
    request.nonce !== undefined
      ? BigInt(request.nonce)
      : (await chain.pendingNonce(from)) + (selfPaid ? 1n : 0n);
  const batchNonce =
    request.gasStationNonce !== undefined
      ? BigInt(request.gasStationNonce)
      : nonceFromStorage(await chain.storageAt(from, DELEGATE_NONCE_SLOT));
  const deadline =
    request.deadline !== undefined
      ? BigInt(request.deadline)
      : (await chain.timestamp()) + DEFAULT_DEADLINE_SECONDS;
  const calls = batchCalls(request);
  const { authorization, signature } = await withAccountKey(ctx, async (key) => ({
    authorization: delegated
      ? undefined
      : await signAuthorization(key, ctx.chainId, GAS_STATION_DELEGATE_ADDRESS, accountNonce),
    signature: await signBatchExecution(key, ctx.chainId, from, calls, batchNonce, deadline),
  }));
  const data = encodeExecuteSponsored(calls, batchNonce, deadline, signature);
  const fees = await feesOf(chain, request);
  const authorizationList = authorization ? [authorization] : undefined;
  const gas = await gasOf(
    ctx,
    { from: sponsor.address, to: from, data, authorizationList },
    request.gasLimit,
  );
  await assertCanPay(ctx, sponsor, gas * fees.maxFeePerGas);
  const nonce = await chain.pendingNonce(sponsor.address);
  return {
    unsigned: serialize(ctx, { to: from, data, nonce, gas, fees, authorization }),
    signer: { organizationId: sponsor.sponsorOrganizationId, address: sponsor.address },
    sponsorOrganizationId: sponsor.sponsorOrganizationId,
  };
}

async function refusedOnApiError<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof Error && error.name === "ApiError") {
      const reason = (error as Error & { reason: string }).reason;
      throw new SendRefused({
        message: reason === "REQUEST_INVALID" ? error.message : `${reason}: ${error.message}`,
      });
    }
    throw error;
  }
}

/** Within the sponsor's USD budget at the highest fee the transaction can pay, and funded for it. */
async function assertCanPay(ctx: Ctx, sponsor: Sponsor, maxFeeWei: bigint): Promise<void> {
  const { app, send, chain } = ctx;
  const usd = feeInUsdMicros(app.config.usdPrices, chainInfo(send.caip2)!, maxFeeWei);
  await refusedOnApiError(() =>
    assertSponsorBudget(app.db, app.clock.now(), sponsor, send.organizationId, usd),
  );
  const balance = await chain.balance(sponsor.address);
  if (balance < maxFeeWei) {
    throw new SendRefused({
      message: `the gas station ${sponsor.address} cannot pay for this transaction: it holds ${balance} wei and the fee may be up to ${maxFeeWei} wei on ${send.caip2}; fund it`,
    });
  }
}
