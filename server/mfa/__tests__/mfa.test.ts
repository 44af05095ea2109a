import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TMfaPolicy } from "@/lib/api/mfa";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * MFA policies through the API: a matching activity waits in ACTIVITY_STATUS_AUTHENTICATORS_NEEDED
 * until its submitter approves it with the further credentials the policy names, step by step;
 * get_mfa_status says what is met; other activities run at once; bad policies are refused.
 */

type ActivityBody = { activity: TActivity };
interface ErrorBody {
  message: string;
  details: { turnkeyErrorCode?: string; fieldViolations?: { field: string }[] }[];
}
interface MfaStatusBody {
  mfaStatuses: {
    mfaPolicyId: string;
    userId: string;
    satisfied: boolean;
    satisfiedMethods: unknown[];
    requiredMethods: unknown[];
  }[];
}

let t: TestApp;
let orgId: string;
let userId: string;
let root: TestKey;
let rootKeyId: string;
const second = newApiKey();
let secondKeyId: string;
const other = newApiKey();

const submit = <T = ActivityBody>(key: TestKey, path: string, type: string, parameters: unknown) =>
  t.call<T>("submit", path, t.activity(type, orgId, parameters), key);
const approve = <T = ActivityBody>(key: TestKey, fingerprint: string) =>
  submit<T>(key, "approve_activity", "ACTIVITY_TYPE_APPROVE_ACTIVITY", { fingerprint });
const query = <T>(path: string, body: Record<string, unknown>) =>
  t.call<T>("query", path, { organizationId: orgId, ...body }, root);
const tagNames = async () =>
  (
    await query<{ privateKeyTags: { tagName: string }[] }>("list_private_key_tags", {})
  ).body.privateKeyTags.map((tag) => tag.tagName);
const newTag = (key: TestKey, name: string) =>
  submit(key, "create_private_key_tag", "ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG", {
    privateKeyTagName: name,
    privateKeyIds: [],
  });

const TAGS_NEED_SECOND_KEY = {
  mfaPolicyName: "tags need the second key",
  condition: "activity.type == 'ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG'",
  order: 0,
};

beforeAll(async () => {
  t = await startTestApp();
  const org = await t.newOrganization("Two factors");
  orgId = org.organizationId;
  userId = org.userId;
  root = org.key;
  const created = await submit(root, "create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
    userId,
    apiKeys: [{ apiKeyName: "second", publicKey: second.publicKey, curveType: "API_KEY_CURVE_P256" }],
  });
  secondKeyId = (created.body.activity.result.createApiKeysResult as { apiKeyIds: string[] }).apiKeyIds[0]!;
  const keys = await query<{ apiKeys: { apiKeyId: string; credential: { publicKey: string } }[] }>(
    "get_api_keys",
    {
      userId,
    },
  );
  rootKeyId = keys.body.apiKeys.find((k) => k.credential.publicKey === root.publicKey)!.apiKeyId;
  const users = await submit(root, "create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
    users: [
      {
        userName: "other",
        apiKeys: [{ apiKeyName: "other", publicKey: other.publicKey, curveType: "API_KEY_CURVE_P256" }],
        authenticators: [],
        oauthProviders: [],
        userTags: [],
      },
    ],
  });
  expect(users.status).toBe(200);
});

afterAll(async () => t?.close());

describe("MFA policies", () => {
  it("refuses policies that could not work, naming the field; nothing changes", async () => {
    const before = await databaseDigest(t.app);
    const steps = [{ any: [{ type: "AUTHENTICATION_TYPE_API_KEY" }] }];
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ condition: "activity.type ==" }, 400, "", "parameters.condition"],
      [{ condition: "activity.nonsense == 1" }, 400, "nonsense", "parameters.condition"],
      [
        { requiredAuthenticationMethods: [] },
        400,
        "at least one step",
        "parameters.requiredAuthenticationMethods",
      ],
      [
        { requiredAuthenticationMethods: [{ any: [{ type: "AUTHENTICATION_TYPE_NONSENSE" }] }] },
        400,
        "must be one of",
        "parameters.requiredAuthenticationMethods[0].any[0].type",
      ],
      [
        { requiredAuthenticationMethods: [{ any: [{ type: "AUTHENTICATION_TYPE_EMAIL_OTP", id: "x" }] }] },
        400,
        "must not be given",
        "parameters.requiredAuthenticationMethods[0].any[0].id",
      ],
      [{ order: -1 }, 400, "at least 0", "parameters.order"],
      [{ userId: "no-such-user" }, 404, "no-such-user", undefined],
    ];
    for (const [change, status, says, field] of cases) {
      const refused = await submit<ErrorBody>(root, "create_mfa_policy", "ACTIVITY_TYPE_CREATE_MFA_POLICY", {
        ...TAGS_NEED_SECOND_KEY,
        userId,
        requiredAuthenticationMethods: steps,
        ...change,
      });
      expect(refused.status, JSON.stringify(change)).toBe(status);
      expect(refused.body.message).toContain(says);
      if (field) {
        const fields = refused.body.details.flatMap((d) => d.fieldViolations ?? []).map((v) => v.field);
        expect(fields.join(" ")).toContain(field);
      }
    }
    const missing = await query<ErrorBody>("get_mfa_policy", { userId, mfaPolicyId: "nope" });
    expect(missing.status).toBe(404);
    expect(await databaseDigest(t.app)).toEqual(before);
  });

  it("holds a matching activity until the submitter approves it with the second key", async () => {
    const created = await submit(root, "create_mfa_policy", "ACTIVITY_TYPE_CREATE_MFA_POLICY", {
      ...TAGS_NEED_SECOND_KEY,
      userId,
      requiredAuthenticationMethods: [
        { any: [{ type: "AUTHENTICATION_TYPE_API_KEY" }, { type: "AUTHENTICATION_TYPE_PASSKEY" }] },
        { any: [{ type: "AUTHENTICATION_TYPE_API_KEY", id: secondKeyId }] },
      ],
      notes: "two keys for tags",
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const mfaPolicyId = (created.body.activity.result.createMfaPolicyResult as { mfaPolicyId: string })
      .mfaPolicyId;
    const listed = await query<{ mfaPolicies: TMfaPolicy[] }>("get_mfa_policies", { userId });
    expect(listed.body.mfaPolicies).toMatchObject([
      {
        mfaPolicyId,
        mfaPolicyName: TAGS_NEED_SECOND_KEY.mfaPolicyName,
        order: 0,
        notes: "two keys for tags",
      },
    ]);

    const held = await newTag(root, "held");
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
    expect(await tagNames()).not.toContain("held");
    const waiting = await query<MfaStatusBody>("get_mfa_status", { activityId: held.body.activity.id });
    expect(waiting.body.mfaStatuses).toEqual([
      {
        mfaPolicyId,
        userId,
        satisfied: false,
        satisfiedMethods: [{ type: "AUTHENTICATION_TYPE_API_KEY", id: rootKeyId }],
        requiredMethods: listed.body.mfaPolicies[0]!.requiredAuthenticationMethods,
      },
    ]);

    const { fingerprint } = held.body.activity;
    const before = await databaseDigest(t.app);
    const sameKey = await approve<ErrorBody>(root, fingerprint);
    expect(sameKey.status).toBe(409);
    expect(sameKey.body.details[0]?.turnkeyErrorCode).toBe("AUTHENTICATOR_ALREADY_USED");
    const someoneElse = await approve<ErrorBody>(other, fingerprint);
    expect(someoneElse.status).toBe(400);
    expect(someoneElse.body.details[0]?.turnkeyErrorCode).toBe("ACTIVITY_AUTHENTICATORS_NEEDED");
    const rejection = await submit<ErrorBody>(second, "reject_activity", "ACTIVITY_TYPE_REJECT_ACTIVITY", {
      fingerprint,
    });
    expect(rejection.status).toBe(400);
    expect(await databaseDigest(t.app)).toEqual(before);

    const done = await approve(second, fingerprint);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(done.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(await tagNames()).toContain("held");
    const met = await query<MfaStatusBody>("get_mfa_status", { activityId: held.body.activity.id, userId });
    expect(met.body.mfaStatuses[0]).toMatchObject({
      satisfied: true,
      satisfiedMethods: [
        { type: "AUTHENTICATION_TYPE_API_KEY", id: rootKeyId },
        { type: "AUTHENTICATION_TYPE_API_KEY", id: secondKeyId },
      ],
    });
  });

  it("steps are met in order: the named key first does not count for the later step", async () => {
    // The first step takes any API key, so the second key meets it; the second step then needs
    // the second key again, which has been used: only an update or deletion releases the activity.
    const held = await newTag(second, "second-first");
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
    const byRoot = await approve(root, held.body.activity.fingerprint);
    expect(byRoot.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");
    const status = await query<MfaStatusBody>("get_mfa_status", { activityId: held.body.activity.id });
    expect(status.body.mfaStatuses[0]!.satisfiedMethods).toEqual([
      { type: "AUTHENTICATION_TYPE_API_KEY", id: secondKeyId },
    ]);
  });

  it("runs activities no policy matches at once; a policy updated or deleted stops holding", async () => {
    const plain = await submit(root, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "free",
      userIds: [],
    });
    expect(plain.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(
      (await query<MfaStatusBody>("get_mfa_status", { activityId: plain.body.activity.id })).body,
    ).toEqual({
      mfaStatuses: [],
    });

    const [policy] = (await query<{ mfaPolicies: TMfaPolicy[] }>("get_mfa_policies", { userId })).body
      .mfaPolicies;
    const updated = await submit(root, "update_mfa_policy", "ACTIVITY_TYPE_UPDATE_MFA_POLICY", {
      userId,
      mfaPolicyId: policy!.mfaPolicyId,
      condition: "activity.type == 'ACTIVITY_TYPE_CREATE_USER_TAG'",
    });
    expect(updated.status, JSON.stringify(updated.body)).toBe(200);
    expect((await newTag(root, "now-free")).body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const tagHeld = await submit(root, "create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
      userTagName: "held-user-tag",
      userIds: [],
    });
    expect(tagHeld.body.activity.status).toBe("ACTIVITY_STATUS_AUTHENTICATORS_NEEDED");

    const deleted = await submit(root, "delete_mfa_policy", "ACTIVITY_TYPE_DELETE_MFA_POLICY", {
      userId,
      mfaPolicyId: policy!.mfaPolicyId,
    });
    expect(deleted.status).toBe(200);
    expect(
      (await query<{ mfaPolicies: TMfaPolicy[] }>("get_mfa_policies", { userId })).body.mfaPolicies,
    ).toEqual([]);
    // The activity it held goes on with the submitter's next approval.
    const released = await approve(second, tagHeld.body.activity.fingerprint);
    expect(released.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const gone = await submit<ErrorBody>(root, "delete_mfa_policy", "ACTIVITY_TYPE_DELETE_MFA_POLICY", {
      userId,
      mfaPolicyId: policy!.mfaPolicyId,
    });
    expect(gone.status).toBe(404);
  });
});
