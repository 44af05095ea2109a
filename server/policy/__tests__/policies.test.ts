import { describe, expect, it } from "vitest";
import type { TPolicy } from "@/lib/api/policies";
import { databaseDigest } from "../../testing/db-snapshot";
import {
  alice,
  dropPolicies,
  ok,
  policy,
  query,
  root,
  signRaw,
  submit,
  t,
  withPolicyScene,
} from "./policy-scene";

/** Policies through the real pipeline: writing them, and replaying history through a draft set. */

withPolicyScene();

describe("policies: writing them", () => {
  it("refuses an expression that does not parse or names what does not exist, saying where; writes nothing", async () => {
    const before = await databaseDigest(t.app);
    const syntax = await submit(root, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "Broken",
      effect: "EFFECT_ALLOW",
      notes: "",
      condition: "activity.type == 'X' &&",
    });
    expect(syntax.status).toBe(400);
    expect(syntax.body.message).toMatch(/parameters\.condition: .*1:2\d/);
    const unknown = await submit(root, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "Unknown field",
      effect: "EFFECT_ALLOW",
      notes: "",
      condition: "activity.colour == 'red'",
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toMatch(/colour/);
    const consensus = await submit(root, "create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "Bad consensus",
      effect: "EFFECT_ALLOW",
      notes: "",
      consensus: "approvers.sum() > 1",
    });
    expect(consensus.status).toBe(400);
    expect(consensus.body.message).toMatch(/parameters\.consensus/);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("create, read, list, update, delete", async () => {
    const { policyId } = await policy("Wallet makers", "EFFECT_ALLOW", "activity.resource == 'WALLET'");
    const got = await query<{ policy: TPolicy }>(root, "get_policy", { policyId });
    expect(got.body.policy).toMatchObject({
      policyId,
      policyName: "Wallet makers",
      effect: "EFFECT_ALLOW",
      condition: "activity.resource == 'WALLET'",
      consensus: "",
    });
    await ok(
      root,
      "update_policy",
      "ACTIVITY_TYPE_UPDATE_POLICY_V2",
      { policyId, policyName: "Renamed", policyConsensus: "approvers.count() >= 1" },
      "updatePolicyResultV2",
    );
    const updated = await query<{ policy: TPolicy }>(root, "get_policy", { policyId });
    expect(updated.body.policy).toMatchObject({ policyName: "Renamed", consensus: "approvers.count() >= 1" });
    await ok(root, "delete_policy", "ACTIVITY_TYPE_DELETE_POLICY", { policyId }, "deletePolicyResult");
    expect((await query<object>(root, "get_policy", { policyId })).status).toBe(404);
  });
});

describe("simulate_policies", () => {
  it("replays history through a draft set: which past activities would change, and nothing is written", async () => {
    await dropPolicies();
    const allow = await policy("Alice signs", "EFFECT_ALLOW", "activity.action == 'SIGN'");
    const signed = await signRaw(alice, `0x${"07".repeat(32)}`);
    expect(signed.status).toBe(200);
    const before = await databaseDigest(t.app);
    const res = await query<{
      results: {
        activityId: string;
        recordedOutcome: string;
        simulatedOutcome: string;
        changed: boolean;
        decidingPolicies: { policyName: string }[];
      }[];
      changed: number;
    }>(root, "simulate_policies", {
      draft: {
        add: [
          { policyName: "Freeze", effect: "EFFECT_DENY", condition: "activity.action == 'SIGN'", notes: "" },
        ],
      },
      window: { limit: "20" },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const mine = res.body.results.find((r) => r.activityId === signed.body.activity.id)!;
    expect(mine).toMatchObject({
      recordedOutcome: "OUTCOME_ALLOW",
      simulatedOutcome: "OUTCOME_DENY_EXPLICIT",
      changed: true,
    });
    expect(mine.decidingPolicies.map((p) => p.policyName)).toEqual(["Freeze"]);
    const removed = await query<{ results: { activityId: string; simulatedOutcome: string }[] }>(
      root,
      "simulate_policies",
      {
        draft: { remove: [allow.policyId] },
      },
    );
    expect(removed.body.results.find((r) => r.activityId === signed.body.activity.id)!.simulatedOutcome).toBe(
      "OUTCOME_DENY_IMPLICIT",
    );
    const bad = await query<object>(root, "simulate_policies", {
      draft: { add: [{ policyName: "x", effect: "EFFECT_ALLOW", notes: "", condition: "((" }] },
    });
    expect(bad.status).toBe(400);
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
