import { serializeTransaction } from "viem";
import { describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { newApiKey } from "../../testing/harness";
import {
  type ActivityBody,
  type Actor,
  admin1,
  admin2,
  adminTagId,
  alice,
  dropPolicies,
  type ErrorBody,
  ethAddress,
  evaluations,
  outsider,
  policy,
  query,
  root,
  signRaw,
  submit,
  t,
  VAULT,
  vote,
  withPolicyScene,
} from "./policy-scene";

/** The policy engine deciding through the real pipeline: who may do what, who must approve, and why. */

withPolicyScene();

describe("policies: deciding", () => {
  it("a non-root user is implicitly denied without a policy; the error and the record say so", async () => {
    await dropPolicies();
    const res = await signRaw(alice, `0x${"01".repeat(32)}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/no policy allows it \(implicit deny\)/);
    const { body } = await query<{ activities: TActivity[] }>(root, "list_activities", {
      filterByType: ["ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2"],
    });
    expect(body.activities[0]!.status).toBe("ACTIVITY_STATUS_FAILED");
  });

  it("an allow policy lets it through, and the evaluation records OUTCOME_ALLOW for that policy", async () => {
    await dropPolicies();
    const { policyId } = await policy(
      "Alice signs",
      "EFFECT_ALLOW",
      `activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN' && wallet_account.address == '${ethAddress}'`,
    );
    const res = await signRaw(alice, `0x${"02".repeat(32)}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const rounds = await evaluations(res.body.activity.id);
    expect(rounds).toHaveLength(1);
    expect(rounds[0]!.policyEvaluations).toEqual([{ policyId, outcome: "OUTCOME_ALLOW" }]);
    expect(rounds[0]!.voteId).toBe(res.body.activity.votes[0]!.id);
  });

  it("an explicit deny wins over an allow, and the error names the denying policy", async () => {
    const deny = await policy("No signing on Sundays", "EFFECT_DENY", "activity.action == 'SIGN'");
    const res = await signRaw(alice, `0x${"03".repeat(32)}`);
    expect(res.status).toBe(403);
    expect(res.body.message).toContain(`No signing on Sundays (${deny.policyId})`);
    expect(res.body.message).toMatch(/explicit deny/);
    expect(JSON.stringify(res.body.details)).toContain(deny.policyId);
  });

  it("a policy reading a namespace the activity lacks errors and decides nothing", async () => {
    await dropPolicies();
    const { policyId } = await policy(
      "Only txs",
      "EFFECT_ALLOW",
      "eth.tx.to == '0x0000000000000000000000000000000000000001'",
    );
    const res = await signRaw(alice, `0x${"04".repeat(32)}`);
    expect(res.status).toBe(403);
    const { body } = await query<{ activities: TActivity[] }>(root, "list_activities", {});
    const rounds = await evaluations(body.activities[0]!.id);
    expect(rounds[0]!.policyEvaluations).toEqual([{ policyId, outcome: "OUTCOME_ERROR" }]);
  });

  it("consensus: two admins must approve; outsiders cannot vote; it runs on the second approval", async () => {
    await dropPolicies();
    const { policyId } = await policy(
      "Two admins co-sign",
      "EFFECT_ALLOW",
      "activity.action == 'SIGN'",
      `approvers.filter(user, user.tags.contains('${adminTagId}')).count() >= 2`,
    );
    const asked = await signRaw(alice, `0x${"05".repeat(32)}`);
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const seen = async (as: Actor) =>
      (await query<ActivityBody>(as, "get_activity", { activityId: asked.body.activity.id })).body.activity;
    const offered = async (as: Actor) => {
      const activity = await seen(as);
      return [activity.canApprove, activity.canReject];
    };
    expect(await offered(admin1)).toEqual([true, true]);
    expect(await offered(admin2)).toEqual([true, true]);
    expect(await offered(outsider)).toEqual([false, false]);
    expect(await offered(alice)).toEqual([false, false]); // not an admin, and asking was her vote

    const stranger = await vote(outsider, asked.body.activity, true);
    expect(stranger.status).toBe(403);
    expect((await vote(admin1, asked.body.activity, true)).body.activity.status).toBe(
      "ACTIVITY_STATUS_CONSENSUS_NEEDED",
    );
    // admin1 has had a say; admin2 still may.
    expect(await offered(admin1)).toEqual([false, false]);
    expect(await offered(admin2)).toEqual([true, true]);
    const twice = await vote(admin1, asked.body.activity, true);
    expect(twice.status).toBe(409); // a user never votes twice on one activity
    expect(twice.body.message).toMatch(/already voted/);
    const done = await vote(admin2, asked.body.activity, true);
    expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(done.body.activity.result).toHaveProperty("signRawPayloadResult.r");

    const rounds = await evaluations(asked.body.activity.id);
    expect(rounds.map((r) => r.policyEvaluations)).toEqual([
      [{ policyId, outcome: "OUTCOME_REQUIRES_CONSENSUS" }],
      [{ policyId, outcome: "OUTCOME_REQUIRES_CONSENSUS" }],
      [{ policyId, outcome: "OUTCOME_ALLOW" }],
    ]);
    expect(new Set(rounds.map((r) => r.voteId)).size).toBe(3);
  });

  it("one admin's rejection rejects it", async () => {
    const asked = await signRaw(alice, `0x${"06".repeat(32)}`);
    const rejected = await vote(admin2, asked.body.activity, false);
    expect(rejected.body.activity.status).toBe("ACTIVITY_STATUS_REJECTED");
    const rounds = await evaluations(asked.body.activity.id);
    expect(rounds.at(-1)!.policyEvaluations).toEqual([{ outcome: "OUTCOME_REJECTED" }]);
  });

  it("selectors: only approve or deposit to the vault, as written in the spec", async () => {
    await dropPolicies();
    await policy(
      "Vault only",
      "EFFECT_ALLOW",
      `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${VAULT}' && eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']`,
    );
    const { policyId: withdrawId } = await policy(
      "No withdrawals from the vault",
      "EFFECT_DENY",
      `eth.tx.to == '${VAULT}' && eth.tx.data[0..10] == '0xBA087652'`,
    );
    const tx = (to: `0x${string}`, data: `0x${string}`) =>
      submit(alice, "sign_transaction", "ACTIVITY_TYPE_SIGN_TRANSACTION_V2", {
        signWith: ethAddress,
        type: "TRANSACTION_TYPE_ETHEREUM",
        unsignedTransaction: serializeTransaction({
          type: "eip1559",
          chainId: 1,
          nonce: Math.floor(Math.random() * 1e6),
          to,
          data,
          maxFeePerGas: 1n,
          maxPriorityFeePerGas: 1n,
          gas: 100_000n,
        }),
      });
    const approve = `0x095ea7b3${"00".repeat(12)}${VAULT.slice(2)}${"00".repeat(31)}01` as `0x${string}`;
    const deposit = `0x6e553f65${"00".repeat(31)}01${"00".repeat(12)}${"11".repeat(20)}` as `0x${string}`;
    const transfer = `0xa9059cbb${"00".repeat(64)}` as `0x${string}`;
    // redeem(uint256,address,address): the spec's "withdraw".
    const withdraw =
      `0xba087652${"00".repeat(31)}01${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(12)}${"11".repeat(20)}` as `0x${string}`;
    for (const allowed of [await tx(VAULT, approve), await tx(VAULT, deposit)]) {
      expect(allowed.status).toBe(200);
      expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    }
    for (const refused of [
      await tx(VAULT, transfer),
      await tx("0x000000000000000000000000000000000000dead", approve),
    ]) {
      expect(refused.status).toBe(403);
      expect(refused.body.message).toContain("no policy allows it (implicit deny)");
    }
    const redeemed = await tx(VAULT, withdraw);
    expect(redeemed.status).toBe(403);
    expect(redeemed.body.message).toContain(`No withdrawals from the vault (${withdrawId})`);
  });

  it("root-quorum-only activities cannot be granted by a policy", async () => {
    await dropPolicies();
    await policy("Everything", "EFFECT_ALLOW");
    const res = await submit(alice, "update_organization_name", "ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME", {
      organizationName: "Alice's now",
    });
    expect(res.status).toBe(403);
    expect(res.body.message).toMatch(/only the root quorum/);
  });

  it("users manage their own API keys without a policy, unless a policy denies it", async () => {
    await dropPolicies();
    const own = () =>
      submit(alice, "create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
        userId: alice.userId,
        apiKeys: [
          {
            apiKeyName: `k${Math.random()}`,
            publicKey: newApiKey().publicKey,
            curveType: "API_KEY_CURVE_P256",
          },
        ],
      });
    expect((await own()).status).toBe(200);
    await policy("Keys are issued centrally", "EFFECT_DENY", "activity.resource == 'CREDENTIAL'");
    const denied = await own();
    expect(denied.status).toBe(403);
    expect(denied.body.message).toContain("Keys are issued centrally");
  });

  it("get_policy_evaluations answers only for the caller's organization", async () => {
    const other = await t.newOrganization("Elsewhere");
    const { body } = await query<{ activities: TActivity[] }>(root, "list_activities", {});
    const res = await t.call<ErrorBody>(
      "query",
      "get_policy_evaluations",
      { organizationId: other.organizationId, activityId: body.activities[0]!.id },
      other.key,
    );
    expect(res.status).toBe(404);
  });
});
