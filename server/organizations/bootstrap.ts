import { eq } from "drizzle-orm";
import type { AppContext } from "../context";
import { apiKeyFromParams, insertApiKeys } from "../credentials/api-keys";
import { insertAuthenticators, type VerifiedPasskey } from "../credentials/authenticators";
import type { Tx } from "../db/client";
import { organizations, users } from "../db/schema";
import { newId } from "../ids";
import { insertOrganization } from "./create";
import { recordBootstrapActivity } from "./record-bootstrap";

export interface BootstrapInput {
  organizationName: string;
  userName: string;
  userEmail?: string;
  /** Compressed P-256 hex API key for the root user. */
  apiPublicKey?: string;
  apiKeyName?: string;
  passkey?: VerifiedPasskey;
  /** How the installation's operator made it, kept in the organization's first activity. */
  via?: "CLI" | "FIRST_RUN";
}

export interface BootstrapResult {
  organizationId: string;
  userId: string;
  apiKeyId?: string;
  authenticatorId?: string;
}

/**
 * Create a root organization whose single root user holds the given credential. This is how an
 * installation gets its first organization (CLI or first-run page); nothing signs it but the operator.
 */
export async function createRootOrganization(
  app: AppContext,
  input: BootstrapInput,
): Promise<BootstrapResult> {
  const now = app.clock.now();
  return app.db.transaction((tx) => insertRootOrganization(tx, input, now));
}

/** The same, inside a transaction the caller holds (the first-run page locks the table first). */
export async function insertRootOrganization(
  tx: Tx,
  input: BootstrapInput,
  now: Date,
): Promise<BootstrapResult> {
  const organizationId = await insertOrganization(tx, {
    name: input.organizationName,
    parentOrganizationId: null,
    now,
  });
  const userId = newId(now.getTime());
  await tx.insert(users).values({
    id: userId,
    organizationId,
    name: input.userName,
    email: input.userEmail ?? null,
    phoneNumber: null,
    tagIds: [],
    createdAt: now,
    updatedAt: now,
  });
  await tx
    .update(organizations)
    .set({ rootUserIds: [userId], rootQuorumThreshold: 1 })
    .where(eq(organizations.id, organizationId));
  const result: BootstrapResult = { organizationId, userId };
  if (input.apiPublicKey) {
    const key = apiKeyFromParams(
      {
        apiKeyName: input.apiKeyName ?? "root",
        publicKey: input.apiPublicKey,
        curveType: "API_KEY_CURVE_P256",
      },
      "apiPublicKey",
    );
    [result.apiKeyId] = await insertApiKeys(tx, organizationId, userId, [key], now);
  }
  if (input.passkey) {
    [result.authenticatorId] = await insertAuthenticators(tx, organizationId, userId, [input.passkey], now);
  }
  const credentialId = result.apiKeyId ?? result.authenticatorId;
  if (!credentialId) throw new Error("a root organization needs an API key or a passkey for its root user");
  await recordBootstrapActivity(tx, {
    organizationId,
    organizationName: input.organizationName,
    userId,
    userName: input.userName,
    credentialId,
    via: input.via ?? (input.passkey ? "FIRST_RUN" : "CLI"),
    now,
  });
  return result;
}
