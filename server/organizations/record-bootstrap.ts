import { activityFingerprint } from "../activities/fingerprint";
import { appendAuditTrail } from "../audit/append";
import type { Tx } from "../db/client";
import { activities } from "../db/schema";
import { newId } from "../ids";

/** The type, intent and result keys the bootstrap activity is shown with. */
export const BOOTSTRAP_ACTIVITY = {
  type: "ACTIVITY_TYPE_CREATE_ORGANIZATION",
  intentKey: "createOrganizationIntent",
  resultKey: "createOrganizationResult",
} as const;

/**
 * The organization's first audit entry. Nothing signs a bootstrap (the operator ran the CLI or the
 * first-run page of an empty installation), so the row says how it was made instead of holding a
 * stamp; it names the root user and credential that came into being with it.
 */
export async function recordBootstrapActivity(
  tx: Tx,
  input: {
    organizationId: string;
    organizationName: string;
    userId: string;
    userName: string;
    credentialId: string;
    via: "CLI" | "FIRST_RUN";
    now: Date;
  },
): Promise<void> {
  const intent = {
    organizationName: input.organizationName,
    rootUsers: [{ userId: input.userId, userName: input.userName }],
    rootQuorumThreshold: 1,
    createdBy: input.via,
  };
  const requestBody = JSON.stringify({
    type: BOOTSTRAP_ACTIVITY.type,
    timestampMs: String(input.now.getTime()),
    organizationId: input.organizationId,
    parameters: intent,
  });
  const [row] = await tx
    .insert(activities)
    .values({
      id: newId(input.now.getTime()),
      organizationId: input.organizationId,
      type: BOOTSTRAP_ACTIVITY.type,
      status: "ACTIVITY_STATUS_COMPLETED",
      intent,
      result: { organizationId: input.organizationId, rootUserIds: [input.userId] },
      fingerprint: activityFingerprint(requestBody),
      requestBody,
      stampKind: `BOOTSTRAP_${input.via}`,
      stamp: "",
      callerUserId: input.userId,
      callerCredentialId: input.credentialId,
      timestampMs: String(input.now.getTime()),
      createdAt: input.now,
      updatedAt: input.now,
    })
    .returning();
  // The organization's chain starts with its creation.
  await appendAuditTrail(tx, row!, input.now, { changed: true });
}
