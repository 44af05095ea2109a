import { expect } from "vitest";
import { newApiKey, type TestApp, type TestKey } from "../../testing/harness";

/** Set-up shared by the X-Session tests: organizations, members, sessions, and calls that carry them. */

// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field in the tests.
export type Body = any;

export interface Org {
  organizationId: string;
  userId: string;
  key: TestKey;
}

export function scene(t: TestApp) {
  async function done(path: string, type: string, organizationId: string, params: unknown, key: TestKey) {
    const res = await t.call<Body>("submit", path, t.activity(type, organizationId, params), key);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    return res.body.activity.result;
  }

  const userWithKey = (userName: string, key: TestKey) => ({
    userName,
    apiKeys: [{ apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
    authenticators: [],
    oauthProviders: [],
  });

  return {
    done,

    /** A non-root member of `org` holding a fresh API key. */
    async member(org: Org, userName: string): Promise<Org> {
      const key = newApiKey();
      const result = await done(
        "create_users",
        "ACTIVITY_TYPE_CREATE_USERS_V4",
        org.organizationId,
        { users: [{ ...userWithKey(userName, key), userTags: [] }] },
        org.key,
      );
      return { organizationId: org.organizationId, userId: result.createUsersResult.userIds[0], key };
    },

    /** A sub-organization of `parent` whose one root user holds a fresh API key. */
    async subOrganization(parent: Org, name: string): Promise<Org> {
      const key = newApiKey();
      const result = await done(
        "create_sub_organization",
        "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
        parent.organizationId,
        { subOrganizationName: name, rootQuorumThreshold: 1, rootUsers: [userWithKey(name, key)] },
        parent.key,
      );
      const { subOrganizationId, rootUserIds } = result.createSubOrganizationResultV8;
      return { organizationId: subOrganizationId, userId: rootUserIds[0], key };
    },

    /** What a client gets from create_read_only_session: the JWT it then sends as X-Session. */
    async readOnlySession(org: Org): Promise<string> {
      const result = await done(
        "create_read_only_session",
        "ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION",
        org.organizationId,
        {},
        org.key,
      );
      return result.createReadOnlySessionResult.session;
    },

    /** A request carrying X-Session and, when `stampedBy` is given, that key's stamp too. */
    async call(kind: "query" | "submit", path: string, body: unknown, session: string, stampedBy?: TestKey) {
      const text = JSON.stringify(body);
      const headers: Record<string, string> = { "X-Session": session };
      if (stampedBy) {
        const stamp = await stampedBy.stamper.stamp(text);
        headers[stamp.stampHeaderName] = stamp.stampHeaderValue;
      }
      return t.call<Body>(kind, path, text, { headers });
    },
  };
}

/** The turnkeyErrorCode of an error body. */
export const reason = (body: Body): string | undefined => body.details?.[0]?.turnkeyErrorCode;
