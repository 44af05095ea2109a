import { encodeFunctionData } from "viem";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZEarnDeployWrapperParams, ZEarnDeployWrapperResult } from "@/lib/api/earn-wrappers";
import { earnWrappers } from "../db/schema";
import { FEE_WRAPPER_FACTORY } from "../earn/contracts";
import { findEarnVault } from "../earn/deployment";
import { earnChain } from "../earn/earn-chain";
import { readContract } from "../earn/read-contract";
import { acceptEarnRequest } from "../earn/requests";
import { predictWrapperAddresses } from "../earn/wrappers";
import { ApiError, invalid } from "../errors";
import { newId } from "../ids";
import { requireFeature } from "../organizations/features";
import { findSignerSource } from "../sign-with/signer-source";
import { defineActivity } from "./define";

/**
 * earn_deploy_wrapper: a FeeWrapper and its FeeSplitter over one vault, through the factory, sent
 * and paid by the Earn operator (spec.md: deployment gas is the service operator's; the organization
 * needs no funded account to start, and the operator is the wrapper's controller, pausing it only on
 * the organization's earn_set_wrapper_state). The operator fee is the factory's at deploy time.
 * The addresses are predicted from the factory's nonce and confirmed from its event by the job.
 */
export const earnDeployWrapper = defineActivity({
  path: "earn_deploy_wrapper",
  type: ACTIVITY_TYPES.earn_deploy_wrapper,
  resource: "ORGANIZATION",
  action: "UPDATE",
  intentKey: "earnDeployWrapperIntent",
  resultKey: "earnDeployWrapperResult",
  summary:
    "Enable an Earn vault: deploy its fee wrapper and splitter (client fee at most 4000 bps, paid to a wallet account of the organization); deployment gas is paid by the operator. Follow it with get_earn_deploy_status",
  describe: (p) =>
    `Deploy an Earn wrapper over ${p.vaultAddress} on ${p.chainCaip2}, client fee ${p.clientFeeBps} bps to ${p.clientFeeWallet}`,
  params: ZEarnDeployWrapperParams,
  result: ZEarnDeployWrapperResult,
  async execute({ app, tx, organization, activityId, now, afterCommit }, params) {
    await requireFeature(tx, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    // The chain's deployment first: a chain without one is a 400 saying so, not an unknown vault.
    const { operatorFeeBps, factoryNonce, factory, operator } = await earnChain(
      app,
      params.chainCaip2,
      "chainCaip2",
      async (client, deployment) => ({
        factory: deployment.factory,
        operator: deployment.operator.address,
        operatorFeeBps: await readContract<number>(
          client,
          deployment.factory,
          FEE_WRAPPER_FACTORY.abi,
          "operatorFeeBps",
        ),
        factoryNonce: BigInt(
          await client.call<string>("eth_getTransactionCount", [deployment.factory, "latest"]),
        ),
      }),
    );
    const vault = findEarnVault(app, params.chainCaip2, params.vaultAddress);
    if (!vault) {
      throw new ApiError(
        "NOT_FOUND",
        "NOT_FOUND",
        `vault ${params.vaultAddress} is not in the Earn catalog of ${params.chainCaip2}`,
      );
    }
    const feeWallet = await findSignerSource(tx, organization.id, params.clientFeeWallet);
    if (feeWallet?.kind !== "WALLET_ACCOUNT" || feeWallet.curve !== "CURVE_SECP256K1") {
      throw invalid(
        `clientFeeWallet ${params.clientFeeWallet} is not an Ethereum wallet account of this organization`,
        "clientFeeWallet",
      );
    }
    const predicted = await predictWrapperAddresses(tx, factory, params.chainCaip2, factoryNonce);
    const deployRequestId = await acceptEarnRequest(tx, now, {
      organizationId: organization.id,
      activityId,
      kind: "DEPLOY",
      caip2: params.chainCaip2,
      wrapperAddress: predicted.wrapper,
      walletAddress: feeWallet.address,
      call: {
        to: factory,
        data: encodeFunctionData({
          abi: FEE_WRAPPER_FACTORY.abi,
          functionName: "deploy",
          args: [
            vault.address,
            feeWallet.address,
            Number(params.clientFeeBps),
            operator,
            `Latchkey Earn ${vault.shareSymbol}`,
            `lk${vault.shareSymbol}`,
          ],
        }),
      },
    });
    await tx.insert(earnWrappers).values({
      id: newId(now.getTime()),
      organizationId: organization.id,
      caip2: params.chainCaip2,
      provider: vault.provider,
      vaultAddress: vault.address,
      assetAddress: vault.token.address,
      wrapperAddress: predicted.wrapper,
      splitterAddress: predicted.splitter,
      factoryNonce: predicted.factoryNonce,
      clientFeeBps: Number(params.clientFeeBps),
      operatorFeeBps: Number(operatorFeeBps),
      clientFeeWallet: feeWallet.address,
      controller: operator,
      deployRequestId,
      createdAt: now,
    });
    afterCommit(() => app.jobWake.notify());
    return { wrapperAddress: predicted.wrapper, splitterAddress: predicted.splitter, deployRequestId };
  },
});
