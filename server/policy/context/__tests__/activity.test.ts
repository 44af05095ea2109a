import { describe, expect, it } from "vitest";
import { activityByType, activityRegistry } from "@/server/activities";
import { activityContext, activityKindOf } from "../activity";
import { conformanceProblems } from "../conforms";
import { ACTIVITY } from "../schema";

const definition = (type: string) => {
  const found = activityByType(type);
  if (!found) throw new Error(`no activity ${type}`);
  return found;
};

describe("activity kind", () => {
  it("derives the kind by dropping the prefix and the version", () => {
    expect(activityKindOf("ACTIVITY_TYPE_SIGN_TRANSACTION_V2")).toBe("SIGN_TRANSACTION");
    expect(activityKindOf("ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8")).toBe("CREATE_SUB_ORGANIZATION");
    expect(activityKindOf("ACTIVITY_TYPE_CREATE_WALLET")).toBe("CREATE_WALLET");
    // Only a trailing version is dropped.
    expect(activityKindOf("ACTIVITY_TYPE_EMAIL_AUTH_V3")).toBe("EMAIL_AUTH");
    expect(activityKindOf("ACTIVITY_TYPE_INIT_OTP_V3")).toBe("INIT_OTP");
  });
});

describe("the activity keyword", () => {
  it("is built for every registered activity and conforms to the schema", () => {
    const definitions = Object.values(activityRegistry);
    expect(definitions.length).toBeGreaterThan(40);
    for (const d of definitions) {
      const activity = activityContext(d, {}) as Record<string, unknown>;
      expect(conformanceProblems(activity, ACTIVITY), d.type).toEqual([]);
      expect(activity.type).toBe(d.type);
      expect(activity.resource).toBe(d.resource);
      expect(activity.action).toBe(d.action);
    }
  });

  it("carries the exposed parameters", () => {
    const activity = activityContext(definition("ACTIVITY_TYPE_DELETE_USERS"), { userIds: ["u1", "u2"] });
    expect(activity).toEqual({
      type: "ACTIVITY_TYPE_DELETE_USERS",
      kind: "DELETE_USERS",
      resource: "USER",
      action: "DELETE",
      params: { user_ids: ["u1", "u2"] },
    });
  });

  it("shows an older accepted version as the canonical type", () => {
    const activity = activityContext(definition("ACTIVITY_TYPE_CREATE_USERS_V3"), {});
    expect(activity).toMatchObject({ type: "ACTIVITY_TYPE_CREATE_USERS_V4", resource: "USER" });
  });
});
