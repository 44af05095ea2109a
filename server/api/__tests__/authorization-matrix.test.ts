import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { activityRegistry, voteRegistry } from "../../activities/index";
import { queryRegistry } from "../../queries/index";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { type SoftAuthenticator, softAuthenticator } from "../../testing/soft-authenticator";

/**
 * Every endpoint × every way a caller can fail to prove who they are: the right 4xx, a message that
 * names the problem, and not one row written anywhere.
 */

interface Endpoint {
  kind: "submit" | "query";
  path: string;
  /** Activity type; absent for queries. */
  type?: string;
}

const endpoints: Endpoint[] = [
  ...Object.values(activityRegistry).map((d) => ({ kind: "submit" as const, path: d.path, type: d.type })),
  ...Object.entries(voteRegistry).map(([path, v]) => ({ kind: "submit" as const, path, type: v.type })),
  ...Object.keys(queryRegistry).map((path) => ({ kind: "query" as const, path })),
];

interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string }[];
}

let t: TestApp;
let orgId: string;
let root: TestKey;
let otherOrgKey: TestKey;
let expiredKey: TestKey;
let deletedUsersKey: TestKey;
let expiredSession: TestKey;
let rootPasskey: SoftAuthenticator;

async function submitOk(path: string, type: string, parameters: unknown) {
  const res = await t.call<{ activity: { status: string } }>(
    "submit",
    path,
    t.activity(type, orgId, parameters),
    root,
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body as unknown as { activity: { result: Record<string, { userIds: string[] }> } };
}

const userWithKey = (userName: string, key: TestKey, expirationSeconds?: string) => ({
  userName,
  apiKeys: [
    { apiKeyName: userName, publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256", expirationSeconds },
  ],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Target");
  orgId = org.organizationId;
  root = org.key;
  otherOrgKey = (await t.newOrganization("Elsewhere")).key;

  expiredKey = newApiKey();
  await submitOk("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [userWithKey("short-lived", expiredKey, "60")],
  });

  deletedUsersKey = newApiKey();
  const created = await submitOk("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [userWithKey("leaver", deletedUsersKey)],
  });
  const leaverId = created.activity.result.createUsersResult!.userIds[0]!;
  await submitOk("delete_users", "ACTIVITY_TYPE_DELETE_USERS", { userIds: [leaverId] });

  expiredSession = newApiKey();
  await submitOk("stamp_login", "ACTIVITY_TYPE_STAMP_LOGIN", {
    publicKey: expiredSession.publicKey,
    expirationSeconds: "60",
  });

  rootPasskey = softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! });
  const challenge = "matrix-challenge";
  await submitOk("create_authenticators", "ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", {
    userId: org.userId,
    authenticators: [{ authenticatorName: "root", challenge, attestation: rootPasskey.register(challenge) }],
  });
  // One use, so the stored signature counter is 1 and a replayed counter has something to fail.
  const whoami = JSON.stringify({ organizationId: orgId });
  expect((await t.call("query", "whoami", whoami, { headers: rootPasskey.stamp(whoami) })).status).toBe(200);

  // Every timestamp below is taken after this, so only the short-lived key and session are out of date.
  t.clock.advance(61_000);
});
afterAll(async () => t?.close());

function bodyFor(endpoint: Endpoint, timestampShiftMs = 0): Record<string, unknown> {
  if (endpoint.kind === "query") return { organizationId: orgId };
  const body = t.activity(endpoint.type!, orgId, {});
  body.timestampMs = String(Number(body.timestampMs) + timestampShiftMs);
  return body;
}

async function stampHeader(key: TestKey, text: string) {
  const stamp = await key.stamper.stamp(text);
  return { [stamp.stampHeaderName]: stamp.stampHeaderValue };
}

interface Case {
  name: string;
  onlyActivities?: boolean;
  status: number;
  reason: string;
  message: RegExp;
  request(endpoint: Endpoint): Promise<{ body: string; headers: Record<string, string> }>;
}

const passkeySigned =
  (options: Parameters<SoftAuthenticator["stamp"]>[1] & { passkey?: () => SoftAuthenticator } = {}) =>
  async (endpoint: Endpoint) => {
    const body = JSON.stringify(bodyFor(endpoint));
    return { body, headers: (options.passkey?.() ?? rootPasskey).stamp(body, options) };
  };

const signedBy =
  (key: () => TestKey, shiftMs = 0) =>
  async (endpoint: Endpoint) => {
    const body = JSON.stringify(bodyFor(endpoint, shiftMs));
    return { body, headers: await stampHeader(key(), body) };
  };

const cases: Case[] = [
  {
    name: "no stamp",
    status: 401,
    reason: "SIGNATURE_MISSING",
    message: /not stamped/,
    request: async (e) => ({ body: JSON.stringify(bodyFor(e)), headers: {} }),
  },
  {
    name: "malformed stamp",
    status: 401,
    reason: "STAMP_MALFORMED",
    message: /malformed stamp/,
    request: async (e) => ({ body: JSON.stringify(bodyFor(e)), headers: { "X-Stamp": "%%%not-a-stamp%%%" } }),
  },
  {
    name: "both stamps",
    status: 401,
    reason: "STAMP_AMBIGUOUS",
    message: /exactly one stamp/,
    request: async (e) => {
      const body = JSON.stringify(bodyFor(e));
      const stamp = await stampHeader(root, body);
      return { body, headers: { ...stamp, "X-Stamp-WebAuthn": "{}" } };
    },
  },
  {
    name: "bad signature (body changed after stamping)",
    status: 401,
    reason: "SIGNATURE_INVALID",
    message: /could not verify/,
    request: async (e) => {
      const signed = JSON.stringify(bodyFor(e));
      const sent = signed.replace(orgId, orgId.toUpperCase());
      return { body: sent, headers: await stampHeader(root, signed) };
    },
  },
  {
    name: "unknown key",
    status: 401,
    reason: "PUBLIC_KEY_NOT_FOUND",
    message: /could not find public key/,
    request: signedBy(() => newApiKey()),
  },
  {
    name: "expired API key",
    status: 401,
    reason: "API_KEY_EXPIRED",
    message: /expired/,
    request: signedBy(() => expiredKey),
  },
  {
    name: "another organization's key",
    status: 403,
    reason: "ORGANIZATION_MISMATCH",
    message: /another organization/,
    request: signedBy(() => otherOrgKey),
  },
  {
    name: "deleted user's key",
    status: 401,
    reason: "PUBLIC_KEY_NOT_FOUND",
    message: /could not find public key/,
    request: signedBy(() => deletedUsersKey),
  },
  {
    name: "expired session key",
    status: 401,
    reason: "SESSION_EXPIRED",
    message: /session .* expired at/,
    request: signedBy(() => expiredSession),
  },
  {
    name: "X-Stamp-Attested (unsupported)",
    status: 401,
    reason: "STAMP_UNSUPPORTED",
    message: /X-Stamp-Attested stamps are not supported/,
    request: async (e) => ({ body: JSON.stringify(bodyFor(e)), headers: { "X-Stamp-Attested": "e30" } }),
  },
  {
    name: "malformed passkey stamp",
    status: 401,
    reason: "STAMP_MALFORMED",
    message: /malformed stamp: X-Stamp-WebAuthn/,
    request: async (e) => ({
      body: JSON.stringify(bodyFor(e)),
      headers: { "X-Stamp-Webauthn": '{"credentialId":"not base64url!"}' },
    }),
  },
  {
    name: "unknown passkey",
    status: 401,
    reason: "CREDENTIAL_NOT_FOUND",
    message: /no passkey is registered with credential id/,
    request: passkeySigned({
      passkey: () => softAuthenticator({ rpId: t.app.config.rpId, origin: t.app.config.origins[0]! }),
    }),
  },
  {
    name: "passkey stamp over another body",
    status: 401,
    reason: "SIGNATURE_INVALID",
    message: /could not verify passkey stamp: Unexpected authentication response challenge/,
    request: async (e) => {
      const signed = JSON.stringify(bodyFor(e));
      return { body: signed.replace(orgId, orgId.toUpperCase()), headers: rootPasskey.stamp(signed) };
    },
  },
  {
    name: "passkey assertion made for another origin",
    status: 401,
    reason: "SIGNATURE_INVALID",
    message: /could not verify passkey stamp: Unexpected authentication response origin/,
    request: passkeySigned({ origin: "https://phishing.example" }),
  },
  {
    name: "passkey assertion for another RP id",
    status: 401,
    reason: "SIGNATURE_INVALID",
    message: /could not verify passkey stamp: Unexpected RP ID hash/,
    request: passkeySigned({ rpId: "phishing.example" }),
  },
  {
    name: "passkey signature counter gone back (replay)",
    status: 401,
    reason: "SIGNATURE_INVALID",
    message: /could not verify passkey stamp: signature counter 1 is not above the stored 1/,
    request: passkeySigned({ counter: 1 }),
  },
  {
    name: "organization that does not exist",
    status: 404,
    reason: "ORGANIZATION_NOT_FOUND",
    message: /organization not found: 00000000-0000-7000-8000-000000000000/,
    request: async (e) => {
      const body = JSON.stringify(bodyFor(e)).replace(orgId, "00000000-0000-7000-8000-000000000000");
      return { body, headers: await stampHeader(root, body) };
    },
  },
  {
    name: "timestampMs older than 1 hour",
    onlyActivities: true,
    status: 401,
    reason: "REQUEST_EXPIRED",
    message: /more than 1 hour old/,
    // A minute past the limit: each body built so far adds 1 ms to the next timestamp (t.activity).
    request: signedBy(() => root, -(60 * 60 * 1000 + 60_000)),
  },
  {
    name: "timestampMs more than 5 minutes ahead",
    onlyActivities: true,
    status: 401,
    reason: "REQUEST_FROM_FUTURE",
    message: /in the future/,
    request: signedBy(() => root, 5 * 60 * 1000 + 1_000),
  },
];

describe("authorization matrix", () => {
  it("covers every registered endpoint", () => {
    expect(endpoints.length).toBe(
      Object.keys(activityRegistry).length +
        Object.keys(voteRegistry).length +
        Object.keys(queryRegistry).length,
    );
    expect(endpoints.map((e) => e.path)).toEqual(
      expect.arrayContaining(["create_users", "approve_activity", "whoami"]),
    );
  });

  for (const c of cases) {
    it(`${c.name}: ${c.status} ${c.reason} on every endpoint, nothing written`, async () => {
      const before = await databaseDigest(t.app);
      expect(before.activities).not.toMatch(/^0:/); // the digest really reads rows
      const failures: string[] = [];
      for (const endpoint of endpoints) {
        if (c.onlyActivities && endpoint.kind === "query") continue;
        const { body, headers } = await c.request(endpoint);
        const res = await t.call<ErrorBody>(endpoint.kind, endpoint.path, body, { headers });
        const reason = res.body.details?.[0]?.turnkeyErrorCode;
        if (res.status !== c.status || reason !== c.reason || !c.message.test(res.body.message)) {
          failures.push(`${endpoint.kind}/${endpoint.path}: ${res.status} ${reason} ${res.body.message}`);
        }
      }
      expect(failures).toEqual([]);
      expect(await databaseDigest(t.app)).toEqual(before);
    });
  }
});
