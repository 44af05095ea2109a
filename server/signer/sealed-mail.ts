import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { sealedSecrets } from "../db/schema";
import type { MasterKeyring } from "./keyring";
import { deleteSecrets, SecretMissingError, storeSecret, withSecret } from "./vault";

/**
 * The body of an e-mail waiting to be delivered. It may carry a one-time code, so it is sealed like
 * key material and shredded once the message is delivered or given up: the outbox row keeps only
 * who, when and what happened.
 */

export interface MailBody {
  text: string;
  html: string;
  replyTo?: string;
}

const identity = (organizationId: string, messageId: string) => ({
  id: messageId,
  organizationId,
  kind: "EMAIL_BODY" as const,
});

export async function sealMailBody(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  messageId: string,
  body: MailBody,
  now: Date,
): Promise<void> {
  const plaintext = Buffer.from(JSON.stringify(body), "utf8");
  try {
    await storeSecret(db, keyring, identity(organizationId, messageId), plaintext, now);
  } finally {
    plaintext.fill(0);
  }
}

/** The body handed to `use`, or undefined to `use` when it was already shredded (delivered, given up). */
export async function withMailBody<T>(
  db: DbOrTx,
  keyring: MasterKeyring,
  organizationId: string,
  messageId: string,
  use: (body: MailBody | undefined) => Promise<T>,
): Promise<T> {
  try {
    return await withSecret(db, keyring, identity(organizationId, messageId), (plaintext) =>
      use(JSON.parse(plaintext.toString("utf8")) as MailBody),
    );
  } catch (error) {
    if (error instanceof SecretMissingError) return use(undefined);
    throw error;
  }
}

export const shredMailBody = (db: DbOrTx, messageId: string) => deleteSecrets(db, [messageId]);

/** Whether the body is still kept (a resend needs it), without opening it. */
export async function hasMailBody(db: DbOrTx, messageId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: sealedSecrets.id })
    .from(sealedSecrets)
    .where(and(eq(sealedSecrets.id, messageId), eq(sealedSecrets.kind, "EMAIL_BODY")));
  return row !== undefined;
}
