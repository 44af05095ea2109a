import type { TestApp, TestKey } from "./harness";
import type { Body } from "./otp-scene";

/**
 * The social-login tests' steps, each what a client does over the API: link an identity, log in
 * with a token (session or credential bundle), look accounts up by token.
 */
export function oidcScene(t: () => TestApp) {
  const submit = (path: string, type: string, orgId: string, key: TestKey, parameters: unknown) =>
    t().call<Body>("submit", path, t().activity(type, orgId, parameters), key);

  return {
    link: (orgId: string, key: TestKey, userId: string, oidcToken: string, providerName = "Test issuer") =>
      submit("create_oauth_providers", "ACTIVITY_TYPE_CREATE_OAUTH_PROVIDERS_V2", orgId, key, {
        userId,
        oauthProviders: [{ providerName, oidcToken }],
      }),
    unlink: (orgId: string, key: TestKey, userId: string, providerIds: string[]) =>
      submit("delete_oauth_providers", "ACTIVITY_TYPE_DELETE_OAUTH_PROVIDERS", orgId, key, {
        userId,
        providerIds,
      }),
    providers: (orgId: string, key: TestKey, userId?: string) =>
      t().call<Body>("query", "get_oauth_providers", { organizationId: orgId, userId }, key),
    login: (orgId: string, key: TestKey, oidcToken: string, publicKey: string, extra: Body = {}) =>
      submit("oauth_login", "ACTIVITY_TYPE_OAUTH_LOGIN", orgId, key, { oidcToken, publicKey, ...extra }),
    oauth: (orgId: string, key: TestKey, oidcToken: string, targetPublicKey: string) =>
      submit("oauth", "ACTIVITY_TYPE_OAUTH", orgId, key, { oidcToken, targetPublicKey }),
    suborgsByToken: (orgId: string, key: TestKey, oidcToken: string) =>
      t().call<Body>(
        "query",
        "list_suborgs",
        { organizationId: orgId, filterType: "OIDC_TOKEN", filterValue: oidcToken },
        key,
      ),
    whoami: (orgId: string, key: TestKey) =>
      t().call<Body>("query", "whoami", { organizationId: orgId }, key),
  };
}
