/**
 * Transitional: the policy list moved to lib/queries/policies. The activity pages (another part of
 * this change) still import it from here; this file goes once they import lib/queries.
 */
export { POLICY_LIST, usePolicies } from "@/lib/queries/policies";
