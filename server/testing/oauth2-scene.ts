import { encryptOauth2ClientSecret } from "@turnkey/crypto";
import type { TestApp, TestKey } from "./harness";
import type { AuthorizationCode } from "./oidc-issuer";
import type { Body } from "./otp-scene";

/** The OAuth 2.0 credential tests' steps, each what a client does over the API. */
export function oauth2Scene(t: () => TestApp) {
  const submit = (path: string, type: string, orgId: string, key: TestKey, parameters: unknown) =>
    t().call<Body>("submit", path, t().activity(type, orgId, parameters), key);
  const query = (path: string, body: unknown, key: TestKey) => t().call<Body>("query", path, body, key);

  return {
    encryptionKey: async (orgId: string, key: TestKey) =>
      (await query("get_oauth2_encryption_key", { organizationId: orgId }, key)).body.publicKey as string,
    /** `secret` encrypted as @turnkey/crypto does it for create_oauth2_credential, to `publicKey`. */
    encrypt: (secret: string, publicKey: string) => encryptOauth2ClientSecret(secret, publicKey),
    create: (orgId: string, key: TestKey, parameters: Body) =>
      submit("create_oauth2_credential", "ACTIVITY_TYPE_CREATE_OAUTH2_CREDENTIAL", orgId, key, parameters),
    update: (orgId: string, key: TestKey, parameters: Body) =>
      submit("update_oauth2_credential", "ACTIVITY_TYPE_UPDATE_OAUTH2_CREDENTIAL", orgId, key, parameters),
    remove: (orgId: string, key: TestKey, oauth2CredentialId: string) =>
      submit("delete_oauth2_credential", "ACTIVITY_TYPE_DELETE_OAUTH2_CREDENTIAL", orgId, key, {
        oauth2CredentialId,
      }),
    get: (orgId: string, key: TestKey, oauth2CredentialId: string) =>
      query("get_oauth2_credential", { organizationId: orgId, oauth2CredentialId }, key),
    list: (orgId: string, key: TestKey) => query("list_oauth2_credentials", { organizationId: orgId }, key),
    authenticate: (
      orgId: string,
      key: TestKey,
      oauth2CredentialId: string,
      code: AuthorizationCode,
      nonce: string,
      extra: Body = {},
    ) =>
      submit("oauth2_authenticate", "ACTIVITY_TYPE_OAUTH2_AUTHENTICATE", orgId, key, {
        oauth2CredentialId,
        authCode: code.code,
        redirectUri: code.redirectUri,
        codeVerifier: code.codeVerifier,
        nonce,
        ...extra,
      }),
  };
}
