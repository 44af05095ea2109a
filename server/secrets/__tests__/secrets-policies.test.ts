import { decryptSecretBundle, encryptSecretToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { verifyAppProof } from "../../crypto/app-proof-verify";
import {
  admin1,
  admin2,
  adminTagId,
  alice,
  dropPolicies,
  ok,
  outsider,
  policy,
  root,
  submit,
  t,
  vote,
  withPolicyScene,
} from "../../policy/__tests__/policy-scene";

/**
 * Secrets answer to policies like keys do (activity.resource 'SECRET'), and an export held for
 * consensus gets its app proof when the approving vote completes it.
 */

withPolicyScene();

const SUITE = "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1";
const twoAdmins = () => `approvers.filter(u, u.tags.contains('${adminTagId}')).count() >= 2`;

async function rootImports(plaintext: string): Promise<{ secretId: string; organizationId: string }> {
  const init = await submit(root, "init_import_secrets", "ACTIVITY_TYPE_INIT_IMPORT_SECRETS", {
    encryptionSuite: SUITE,
    numSecrets: 1,
  });
  const organizationId = init.body.activity.organizationId;
  const [bundle] = (
    init.body.activity.result as { initImportSecretsResult: { enclaveTargetMessages: string[] } }
  ).initImportSecretsResult.enclaveTargetMessages;
  const encrypted = await encryptSecretToBundle({
    plaintext,
    ingressTargetBundle: bundle!,
    organizationId,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });
  const { secretIds } = await ok<{ secretIds: string[] }>(
    root,
    "import_secrets",
    "ACTIVITY_TYPE_IMPORT_SECRETS",
    { secrets: [{ ...encrypted, encryptionSuite: SUITE }] },
    "importSecretsResult",
  );
  return { secretId: secretIds[0]!, organizationId };
}

describe("secrets under policies", () => {
  it("a user no policy names may not import secrets: the implicit deny, a 403", async () => {
    await dropPolicies();
    const res = await submit(outsider, "init_import_secrets", "ACTIVITY_TYPE_INIT_IMPORT_SECRETS", {
      encryptionSuite: SUITE,
      numSecrets: 1,
    });
    expect(res.status).toBe(403);
  });

  it("an allow policy on SECRET exports holds one for two admins; the approving vote completes it with its proof", async () => {
    await dropPolicies();
    const { secretId, organizationId } = await rootImports("api-secret-under-policy");
    await policy(
      "Secret exports need two admins",
      "EFFECT_ALLOW",
      "activity.resource == 'SECRET' && activity.action == 'EXPORT'",
      twoAdmins(),
    );
    const target = generateP256KeyPair();
    const body = {
      ...t.activity("ACTIVITY_TYPE_EXPORT_SECRETS", organizationId, {
        secrets: [{ secretId, targetPublicKey: target.publicKeyUncompressed, encryptionSuite: SUITE }],
      }),
      generateAppProofs: true,
    };
    const held = await t.call<{ activity: TActivity }>("submit", "export_secrets", body, alice.key);
    expect(held.status, JSON.stringify(held.body)).toBe(200);
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    expect(held.body.activity.appProofs).toBeUndefined();

    await vote(admin1, held.body.activity, true);
    const done = await vote(admin2, held.body.activity, true);
    const activity = done.body.activity;
    expect(activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const [payload] = (activity.result as { exportSecretsResult: { secretPayloads: string[] } })
      .exportSecretsResult.secretPayloads;
    expect(
      await decryptSecretBundle({
        secretPayload: payload!,
        embeddedPrivateKey: target.privateKey,
        organizationId,
        dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
      }),
    ).toBe("api-secret-under-policy");

    const read = await t.call<{ activity: TActivity }>(
      "query",
      "get_activity",
      { organizationId, activityId: activity.id },
      root.key,
    );
    const proofs = read.body.activity.appProofs ?? [];
    expect(proofs).toHaveLength(1);
    const verdict = verifyAppProof(proofs[0], t.app.serverKey.publicKeyHex);
    expect(verdict.ok).toBe(true);
    if (verdict.ok) {
      expect(verdict.payload).toMatchObject({
        activityId: activity.id,
        activityType: "ACTIVITY_TYPE_EXPORT_SECRETS",
      });
      // The export's ciphertext is the requester's alone: the proof holds its digest.
      expect(verdict.payload.result).toEqual({
        secretPayloads: [expect.stringMatching(/^sha256:[0-9a-f]{64}$/)],
      });
    }
  });
});
