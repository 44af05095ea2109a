import { describe, expect, it } from "vitest";
import { activityRegistry } from "@/server/activities";
import { activityContext } from "../activity";
import { activityKindOf, resourceActionOf } from "../activity-kinds";
import { conformanceProblems } from "../conforms";
import { ACTIVITY } from "../schema";

/** Every type Latchkey accepts: each activity's type and the older versions it also accepts. */
const registeredTypes = Object.values(activityRegistry).flatMap((d) => [d.type, ...(d.alsoAccepts ?? [])]);
const POLICY_TYPES = [
  "ACTIVITY_TYPE_CREATE_POLICY_V3",
  "ACTIVITY_TYPE_CREATE_POLICIES",
  "ACTIVITY_TYPE_UPDATE_POLICY_V2",
  "ACTIVITY_TYPE_DELETE_POLICY",
  "ACTIVITY_TYPE_DELETE_POLICIES",
];

/** The values the reference lists (Activity struct and the breakdown table). */
const RESOURCES = new Set([
  "USER",
  "PRIVATE_KEY",
  "POLICY",
  "WALLET",
  "ORGANIZATION",
  "INVITATION",
  "CREDENTIAL",
  "CONFIG",
  "RECOVERY",
  "AUTH",
  "OTP",
  "PAYMENT_METHOD",
  "SUBSCRIPTION",
  "SMART_CONTRACT_INTERFACE",
  "AUTH_PROXY",
  "WEBHOOK_ENDPOINT",
]);
const ACTIONS = new Set(["CREATE", "UPDATE", "DELETE", "SIGN", "EXPORT", "IMPORT", "VERIFY"]);

describe("activity resource and action", () => {
  it("covers every activity type in the registry (and the policy activities)", () => {
    expect(registeredTypes.length).toBeGreaterThan(40);
    const missing = [...registeredTypes, ...POLICY_TYPES].filter((type) => !resourceActionOf(type));
    expect(missing).toEqual([]);
  });

  it("uses only the resources and actions the reference names", () => {
    for (const type of [...registeredTypes, ...POLICY_TYPES]) {
      const { resource, action } = resourceActionOf(type)!;
      expect(RESOURCES.has(resource), `${type}: ${resource}`).toBe(true);
      expect(ACTIONS.has(action), `${type}: ${action}`).toBe(true);
    }
  });

  it("classifies as the reference's examples do", () => {
    expect(resourceActionOf("ACTIVITY_TYPE_CREATE_WALLET")).toEqual({ resource: "WALLET", action: "CREATE" });
    expect(resourceActionOf("ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS")).toEqual({
      resource: "WALLET",
      action: "CREATE",
    });
    for (const type of [
      "ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2",
      "ACTIVITY_TYPE_SIGN_RAW_PAYLOADS",
      "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
    ]) {
      expect(resourceActionOf(type)).toEqual({ resource: "PRIVATE_KEY", action: "SIGN" });
    }
    expect(resourceActionOf("ACTIVITY_TYPE_CREATE_API_KEYS_V2")).toEqual({
      resource: "CREDENTIAL",
      action: "CREATE",
    });
    expect(resourceActionOf("ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8")).toEqual({
      resource: "ORGANIZATION",
      action: "CREATE",
    });
    expect(resourceActionOf("ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT")).toEqual({
      resource: "WALLET",
      action: "EXPORT",
    });
    expect(resourceActionOf("ACTIVITY_TYPE_STAMP_LOGIN")).toEqual({ resource: "AUTH", action: "CREATE" });
    expect(resourceActionOf("ACTIVITY_TYPE_VERIFY_OTP_V2")).toEqual({ resource: "OTP", action: "VERIFY" });
    for (const type of POLICY_TYPES) expect(resourceActionOf(type)?.resource).toBe("POLICY");
    expect(resourceActionOf("ACTIVITY_TYPE_UPDATE_POLICY_V2")?.action).toBe("UPDATE");
    expect(resourceActionOf("ACTIVITY_TYPE_DELETE_POLICIES")?.action).toBe("DELETE");
    expect(resourceActionOf("ACTIVITY_TYPE_NOT_A_THING")).toBeUndefined();
  });

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
  it("is built for every registered type and conforms to the schema", () => {
    for (const type of [...registeredTypes, ...POLICY_TYPES]) {
      const activity = activityContext(type, {}) as Record<string, unknown>;
      expect(conformanceProblems(activity, ACTIVITY), type).toEqual([]);
      expect(activity.type).toBe(type);
      expect(activity.resource).toBeTypeOf("string");
      expect(activity.action).toBeTypeOf("string");
    }
  });

  it("carries the exposed parameters", () => {
    const activity = activityContext("ACTIVITY_TYPE_DELETE_USERS", { userIds: ["u1", "u2"] });
    expect(activity).toEqual({
      type: "ACTIVITY_TYPE_DELETE_USERS",
      kind: "DELETE_USERS",
      resource: "USER",
      action: "DELETE",
      params: { user_ids: ["u1", "u2"] },
    });
  });

  it("leaves resource and action absent for a type it does not know", () => {
    const activity = activityContext("ACTIVITY_TYPE_SOMETHING_NEW_V2", {});
    expect(activity).toEqual({ type: "ACTIVITY_TYPE_SOMETHING_NEW_V2", kind: "SOMETHING_NEW", params: {} });
    expect(conformanceProblems(activity, ACTIVITY)).toEqual([]);
  });
});
