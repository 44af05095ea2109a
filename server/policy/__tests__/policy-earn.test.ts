import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { LOCAL_VAULTS } from "../../earn/local-world";
import { EARN_JOB_HANDLERS } from "../../earn/operator-send";
import { runDueJobs } from "../../jobs/worker";
import { alice, ethAddress, ok, policy, query, root, submit, t, withPolicyScene } from "./policy-scene";

/**
 * spec.md's example Earn policy: a user may only approve, deposit (0x6e553f65) and withdraw
 * (0xba087652) to a given wrapper. Policies see earn_deposit's two calls and earn_withdraw's redeem
 * as eth.tx, each judged alone.
 */
withPolicyScene();

const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;

async function deployWrapper(vaultAddress: string): Promise<string> {
  const { wrapperAddress, deployRequestId } = await ok<{ wrapperAddress: string; deployRequestId: string }>(
    root,
    "earn_deploy_wrapper",
    "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER",
    { vaultAddress, chainCaip2: CAIP2, clientFeeBps: "1000", clientFeeWallet: ethAddress },
    "earnDeployWrapperResult",
  );
  for (let round = 0; round < 10; round++) {
    await runDueJobs(t.app, EARN_JOB_HANDLERS);
    const { body } = await query<{ status: string }>(root, "get_earn_deploy_status", { deployRequestId });
    if (body.status === "COMPLETED") return wrapperAddress;
  }
  throw new Error("the wrapper was not deployed");
}

describe("policies over Earn deposits and withdrawals", () => {
  it("allows only approve, deposit and withdraw to the given wrapper", async () => {
    await ok(
      root,
      "set_organization_feature",
      "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE",
      { name: "FEATURE_NAME_EARN_CONFIG", value: "" },
      "setOrganizationFeatureResult",
    );
    const [morpho, aave] = LOCAL_VAULTS.filter((v) => v.token === USDC);
    const allowedWrapper = await deployWrapper(morpho!.address);
    const otherWrapper = await deployWrapper(aave!.address);
    await faucetCall(t, CAIP2, [
      ethAddress,
      `${CAIP2}/erc20:${USDC.address}`,
      parseUnits("100", 6).toString(),
    ]);
    const wrapper = allowedWrapper.toLowerCase();
    const usdc = USDC.address.toLowerCase();
    await policy(
      "alice may only put USDC into the Morpho wrapper and take it out",
      "EFFECT_ALLOW",
      `(eth.tx.to == '${usdc}' && eth.tx.data[0..10] == '0x095ea7b3' && eth.tx.data[34..74] == '${wrapper.slice(2)}') || ` +
        `(eth.tx.to == '${wrapper}' && (eth.tx.data[0..10] == '0x6e553f65' || eth.tx.data[0..10] == '0xba087652'))`,
    );
    const deposit = (wrapperAddress: string) =>
      submit(alice, "earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
        wrapperAddress,
        signWith: ethAddress,
        chainCaip2: CAIP2,
        assets: parseUnits("10", 6).toString(),
      });
    const allowed = await deposit(allowedWrapper);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const elsewhere = await deposit(otherWrapper);
    expect(elsewhere.status).toBe(403);
    expect(elsewhere.body.message).toMatch(/no policy allows it/);
    const withdrawElsewhere = await submit(alice, "earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", {
      wrapperAddress: otherWrapper,
      signWith: ethAddress,
      chainCaip2: CAIP2,
      amountValue: "MAX",
    });
    expect(withdrawElsewhere.status).toBe(403);
    // The withdraw is allowed by the policy; it is refused only because there is no position yet.
    const withdraw = await submit(alice, "earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", {
      wrapperAddress: allowedWrapper,
      signWith: ethAddress,
      chainCaip2: CAIP2,
      amountValue: "MAX",
    });
    expect(withdraw.status).toBe(400);
    expect(withdraw.body.message).toMatch(/holds no position/);
    const transfer = await submit(alice, "eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
      from: ethAddress,
      caip2: CAIP2,
      calls: [{ to: USDC.address, data: `0xa9059cbb${"00".repeat(64)}` }],
    });
    expect(transfer.status).toBe(403);
  });
});
