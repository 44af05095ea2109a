import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { DEFAULT_FEATURES, requireFeature } from "../features";

/** set_organization_feature / remove_organization_feature, and what reads and requires them. */

type Org = { organizationId: string; userId: string; key: TestKey };
let t: TestApp;
let org: Org;
let other: Org;

type Answer = {
  activity: TActivity;
  message: string;
  details?: { turnkeyErrorCode?: string; fieldViolations?: { field: string }[] }[];
};
const submit = (path: string, type: string, params: unknown, who: Org = org) =>
  t.call<Answer>("submit", path, t.activity(type, who.organizationId, params), who.key);
const setFeature = (name: string, value: string, who: Org = org) =>
  submit("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", { name, value }, who);
const removeFeature = (name: string, who: Org = org) =>
  submit("remove_organization_feature", "ACTIVITY_TYPE_REMOVE_ORGANIZATION_FEATURE", { name }, who);
const features = async (who: Org = org) =>
  (
    await t.call<{ configs: { features: unknown[] } }>(
      "query",
      "get_organization_configs",
      { organizationId: who.organizationId },
      who.key,
    )
  ).body.configs.features;

type Feature = { name: string; value: string };
/** What a new organization starts with: the login features, on. */
const LOGIN: Feature[] = DEFAULT_FEATURES.map((name) => ({ name, value: "true" }));
/** Features as the API lists them: by name. */
const byName = (list: Feature[]) => [...list].sort((a, b) => a.name.localeCompare(b.name));

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Finance");
  other = await t.newOrganization("Elsewhere");
});
afterAll(async () => t?.close());

describe("organization features", () => {
  it("start with the login features; set adds (or replaces) a feature, remove takes it away; the result lists them all", async () => {
    expect(await features()).toEqual(byName(LOGIN));
    const set = await setFeature("FEATURE_NAME_EARN_CONFIG", "");
    expect(set.status).toBe(200);
    expect(set.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(set.body.activity.result).toEqual({
      setOrganizationFeatureResult: {
        features: byName([...LOGIN, { name: "FEATURE_NAME_EARN_CONFIG", value: "" }]),
      },
    });
    await setFeature("FEATURE_NAME_WEBAUTHN_ORIGINS", "https://a.example");
    await setFeature("FEATURE_NAME_WEBAUTHN_ORIGINS", "https://b.example");
    const expected = byName([
      ...LOGIN,
      { name: "FEATURE_NAME_EARN_CONFIG", value: "" },
      { name: "FEATURE_NAME_WEBAUTHN_ORIGINS", value: "https://b.example" },
    ]);
    expect(await features()).toEqual(expected);
    const organization = await t.call<{ organizationData: { features: unknown[] } }>(
      "query",
      "get_organization",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(organization.body.organizationData.features).toEqual(expected);
    expect(await features(other)).toEqual(byName(LOGIN)); // another organization's are its own

    const removed = await removeFeature("FEATURE_NAME_WEBAUTHN_ORIGINS");
    expect(removed.body.activity.result).toEqual({
      removeOrganizationFeatureResult: {
        features: byName([...LOGIN, { name: "FEATURE_NAME_EARN_CONFIG", value: "" }]),
      },
    });
  });

  it("refuses an unknown feature name, a missing value, removing what is not set, and another organization", async () => {
    const unknown = await setFeature("FEATURE_NAME_TELEPORT", "1");
    expect(unknown.status).toBe(400);
    expect(unknown.body.details?.flatMap((d) => d.fieldViolations ?? []).map((v) => v.field)).toContain(
      "parameters.name",
    );
    const noValue = await submit("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
      name: "FEATURE_NAME_EARN_CONFIG",
    });
    expect(noValue.status).toBe(400);
    const absent = await removeFeature("FEATURE_NAME_SWAP_CONFIG");
    expect(absent.status).toBe(404);
    expect(absent.body.message).toContain("FEATURE_NAME_SWAP_CONFIG");
    // Org A's key cannot set a feature on org B.
    const foreign = await t.call<Answer>(
      "submit",
      "set_organization_feature",
      t.activity("ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", other.organizationId, {
        name: "FEATURE_NAME_EARN_CONFIG",
        value: "",
      }),
      org.key,
    );
    expect(foreign.status).toBe(403);
    expect(await features(other)).toEqual(byName(LOGIN));
  });

  it("requireFeature names the feature that is off and how to turn it on", async () => {
    await expect(
      requireFeature(t.app.db, other.organizationId, "FEATURE_NAME_EARN_CONFIG", "Earn"),
    ).rejects.toMatchObject({
      code: "FAILED_PRECONDITION",
      message: expect.stringMatching(
        /Earn is not enabled .*FEATURE_NAME_EARN_CONFIG.*set_organization_feature/,
      ),
    });
    await expect(
      requireFeature(t.app.db, org.organizationId, "FEATURE_NAME_EARN_CONFIG", "Earn"),
    ).resolves.toBeUndefined();
  });
});
