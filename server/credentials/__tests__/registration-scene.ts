import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { authenticators } from "../../db/schema";
import type { TestApp, TestKey } from "../../testing/harness";
import { type SoftAuthenticator, softAuthenticator } from "../../testing/soft-authenticator";

// biome-ignore lint/suspicious/noExplicitAny: API bodies are checked field by field in the tests.
export type Body = any;

/** Passkey registrations as clients make them: client-chosen, server-issued, proven or not. */
export function registrationScene(t: () => TestApp) {
  const rp = () => ({ rpId: t().app.config.rpId, origin: t().app.config.origins[0]! });

  return {
    newPasskey: (credentialId?: string) => softAuthenticator({ ...rp(), credentialId }),

    /** get_registration_challenge, answered 200. */
    async challengeFor(organizationId: string, key: TestKey, userId?: string): Promise<string> {
      const res = await t().call<Body>(
        "query",
        "get_registration_challenge",
        { organizationId, ...(userId ? { userId } : {}) },
        key,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.challenge;
    },

    /** What the official SDKs send: a challenge of the client's own, "none" attestation. */
    clientChosen(passkey: SoftAuthenticator) {
      const challenge = randomBytes(32).toString("base64url");
      return { authenticatorName: "sdk", challenge, attestation: passkey.register(challenge) };
    },

    /** A server challenge, "none" attestation, and the assertion over the challenge that proves possession. */
    proven(passkey: SoftAuthenticator, challenge: string) {
      return {
        authenticatorName: "proven",
        challenge,
        attestation: passkey.register(challenge),
        possessionProof: passkey.prove(challenge),
      };
    },

    /** create_authenticators for `userId`, the response as it came. */
    add(organizationId: string, userId: string, params: unknown, key: TestKey) {
      return t().call<Body>(
        "submit",
        "create_authenticators",
        t().activity("ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2", organizationId, {
          userId,
          authenticators: [params],
        }),
        key,
      );
    },

    /** create_sub_organization under `parentId` whose one root user holds the passkey `params` registers. */
    subOrganization(parentId: string, name: string, params: unknown, key: TestKey) {
      return t().call<Body>(
        "submit",
        "create_sub_organization",
        t().activity("ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8", parentId, {
          subOrganizationName: name,
          rootQuorumThreshold: 1,
          rootUsers: [{ userName: name, apiKeys: [], authenticators: [params], oauthProviders: [] }],
        }),
        key,
      );
    },

    async listByCredential(parentId: string, credentialId: string, key: TestKey): Promise<string[]> {
      const res = await t().call<Body>(
        "query",
        "list_suborgs",
        { organizationId: parentId, filterType: "CREDENTIAL_ID", filterValue: credentialId },
        key,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body.organizationIds;
    },

    /** The public key registered under `credentialId`, as anyone reads it with get_authenticators. */
    async publicKeyOf(credentialId: string): Promise<string> {
      const [row] = await t()
        .app.db.select({ publicKey: authenticators.publicKey })
        .from(authenticators)
        .where(eq(authenticators.credentialId, credentialId));
      return row!.publicKey;
    },

    /** possessionProven of the passkey rows with this credential id, by organization. */
    async proofs(credentialId: string): Promise<Record<string, boolean>> {
      const rows = await t()
        .app.db.select()
        .from(authenticators)
        .where(eq(authenticators.credentialId, credentialId));
      return Object.fromEntries(rows.map((r) => [r.organizationId, r.possessionProven]));
    },
  };
}

export const completed = (res: { status: number; body: Body }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body.activity.result;
};
