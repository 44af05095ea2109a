import type { PolicyValue } from "../types";
import { activityKindOf, resourceActionOf } from "./activity-kinds";
import { paramsOf } from "./params";

/**
 * The `activity` keyword: type, kind, resource, action and params. A type missing from the
 * resource/action table (none of Latchkey's; the tests check) leaves those two fields absent.
 */
export function activityContext(type: string, intentParams: unknown): PolicyValue {
  const classified = resourceActionOf(type);
  return {
    type,
    kind: activityKindOf(type),
    ...(classified ? { resource: classified.resource, action: classified.action } : {}),
    params: paramsOf(type, intentParams),
  };
}
