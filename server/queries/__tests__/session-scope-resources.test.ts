import { describe, expect, it } from "vitest";
import { queryResource } from "../session-scope";

/**
 * A session profile scoped to a resource reads what it may act on: each query is read as the
 * resource its activities write (set_ip_allowlist and upsert_swap_config are CONFIG, MFA policies
 * AUTH, linked identities CREDENTIAL, webhook endpoints WEBHOOK_ENDPOINT).
 */
describe("the resource a query reads, for session-profile scopes", () => {
  it.each([
    ["get_wallets", "WALLET"],
    ["get_wallet_address_balances", "WALLET"],
    ["get_swap_status", "WALLET"],
    ["get_swap_config", "CONFIG"],
    ["list_swap_fees", "CONFIG"],
    ["get_ip_allowlist", "CONFIG"],
    ["get_oauth2_credential", "CONFIG"],
    ["list_oauth2_credentials", "CONFIG"],
    ["get_mfa_policies", "AUTH"],
    ["get_mfa_status", "AUTH"],
    ["get_oauth_providers", "CREDENTIAL"],
    ["list_webhook_endpoints", "WEBHOOK_ENDPOINT"],
    ["list_webhook_deliveries", "WEBHOOK_ENDPOINT"],
    ["get_policies", "POLICY"],
    ["get_users", "USER"],
    ["list_audit_chain", "ORGANIZATION"],
  ])("%s reads %s", (path, resource) => {
    expect(queryResource(path)).toBe(resource);
  });
});
