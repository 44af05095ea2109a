import type { TUserParams } from "@/lib/api/users";
import type { AppContext } from "../context";
import { apiKeyFromParams, insertApiKeys } from "../credentials/api-keys";
import { insertAuthenticators, verifyPasskeyRegistration } from "../credentials/authenticators";
import type { Tx } from "../db/client";
import { users } from "../db/schema";
import { newId } from "../ids";
import { requireTags } from "../tags/find";
import { USER_TAGS } from "../tags/kinds";

/** Create users with their API keys and passkeys; every credential is checked before anything is written. */
export async function insertUsers(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  params: TUserParams[],
  now: Date,
  field = "parameters.users",
): Promise<string[]> {
  const prepared = await Promise.all(
    params.map(async (user, i) => ({
      user,
      keys: user.apiKeys.map((k, j) => apiKeyFromParams(k, `${field}[${i}].apiKeys[${j}]`)),
      passkeys: await Promise.all(
        user.authenticators.map((a, j) =>
          verifyPasskeyRegistration(app.config, a, `${field}[${i}].authenticators[${j}]`),
        ),
      ),
    })),
  );
  const ids: string[] = [];
  for (const [i, { user, keys, passkeys }] of prepared.entries()) {
    await requireTags(tx, organizationId, USER_TAGS, user.userTags, `${field}[${i}].userTags`);
    const id = newId(now.getTime());
    await tx.insert(users).values({
      id,
      organizationId,
      name: user.userName,
      email: user.userEmail ?? null,
      phoneNumber: user.userPhoneNumber ?? null,
      tagIds: user.userTags,
      createdAt: now,
      updatedAt: now,
    });
    await insertApiKeys(tx, organizationId, id, keys, now);
    await insertAuthenticators(tx, organizationId, id, passkeys, now);
    ids.push(id);
  }
  return ids;
}
