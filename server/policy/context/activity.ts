import type { PolicyProfile } from "../profile";
import type { PolicyValue } from "../types";
import { paramsOf } from "./params";

/** `ACTIVITY_TYPE_SIGN_TRANSACTION_V2` → `SIGN_TRANSACTION`. */
export function activityKindOf(type: string): string {
  return type.replace(/^ACTIVITY_TYPE_/, "").replace(/_V\d+$/, "");
}

/** The `activity` keyword: type, kind, resource, action and params, from the activity's profile. */
export function activityContext(profile: PolicyProfile, intentParams: unknown): PolicyValue {
  return {
    type: profile.type,
    kind: activityKindOf(profile.type),
    resource: profile.resource,
    action: profile.action,
    params: paramsOf(profile.policyParams ?? [], intentParams),
  };
}
