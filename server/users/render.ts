import { type SQL, sql } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TApiKey, TAuthenticator } from "@/lib/api/credentials";
import type { TUser } from "@/lib/api/users";
import type { DbOrTx } from "../db/client";
import {
  type ApiKeyRow,
  type AuthenticatorRow,
  apiKeys,
  authenticators,
  type OauthProviderRow,
  oauthProviders,
  type UserRow,
  users,
} from "../db/schema";
import { renderOauthProvider } from "../oidc/identities";

/** What an API key's rendering reads of its row. */
type ApiKeyFields = Pick<
  ApiKeyRow,
  "id" | "userId" | "name" | "publicKey" | "credentialType" | "expirationSeconds" | "createdAt" | "updatedAt"
>;
/** What a passkey's rendering reads of its row. */
type AuthenticatorFields = Pick<
  AuthenticatorRow,
  | "id"
  | "userId"
  | "name"
  | "credentialId"
  | "publicKey"
  | "transports"
  | "aaguid"
  | "attestationType"
  | "createdAt"
  | "updatedAt"
>;

export function renderApiKey(row: ApiKeyFields): TApiKey {
  return {
    credential: { publicKey: row.publicKey, type: row.credentialType },
    apiKeyId: row.id,
    apiKeyName: row.name,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    ...(row.expirationSeconds ? { expirationSeconds: row.expirationSeconds } : {}),
  };
}

export function renderAuthenticator(row: AuthenticatorFields): TAuthenticator {
  return {
    transports: row.transports,
    attestationType: row.attestationType,
    aaguid: row.aaguid,
    credentialId: row.credentialId,
    model: "",
    credential: { publicKey: row.publicKey, type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR" },
    authenticatorId: row.id,
    authenticatorName: row.name,
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
  };
}

/** What a user's rendering reads of its row. */
type UserFields = Pick<
  UserRow,
  "id" | "name" | "email" | "phoneNumber" | "tagIds" | "createdAt" | "updatedAt"
>;

function renderUser(
  row: UserFields,
  keys: ApiKeyFields[],
  passkeys: AuthenticatorFields[],
  identities: OauthProviderRow[],
): TUser {
  return {
    userId: row.id,
    userName: row.name,
    ...(row.email ? { userEmail: row.email } : {}),
    ...(row.phoneNumber ? { userPhoneNumber: row.phoneNumber } : {}),
    authenticators: passkeys.map(renderAuthenticator),
    apiKeys: keys.map(renderApiKey),
    userTags: row.tagIds,
    oauthProviders: identities.map(renderOauthProvider),
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    mfaPolicies: [],
  };
}

function identityRow(json: Record<string, string>): OauthProviderRow {
  return {
    id: json.id!,
    organizationId: json.organization_id!,
    userId: json.user_id!,
    name: json.name!,
    issuer: json.issuer!,
    audience: json.audience!,
    subject: json.subject!,
    createdAt: new Date(json.created_at!),
    updatedAt: new Date(json.updated_at!),
  };
}

function apiKeyFields(json: Record<string, string | null>): ApiKeyFields {
  return {
    id: json.id!,
    userId: json.userId!,
    name: json.name!,
    publicKey: json.publicKey!,
    credentialType: json.credentialType!,
    expirationSeconds: json.expirationSeconds ?? null,
    createdAt: new Date(json.createdAt!),
    updatedAt: new Date(json.updatedAt!),
  };
}

function authenticatorFields(json: Record<string, unknown>): AuthenticatorFields {
  return {
    id: json.id as string,
    userId: json.userId as string,
    name: json.name as string,
    credentialId: json.credentialId as string,
    publicKey: json.publicKey as string,
    transports: json.transports as string[],
    aaguid: json.aaguid as string,
    attestationType: json.attestationType as string,
    createdAt: new Date(json.createdAt as string),
    updatedAt: new Date(json.updatedAt as string),
  };
}

/**
 * Users of the organization with their API keys, passkeys and linked identities, as one JSON array
 * in creation order: an expression, so a caller can read it alongside another statement's work (a
 * submission's status update returns its voters) or alone (loadUsers). `userIds` narrows; deleted
 * users only when named.
 */
export function usersJson(organizationId: string, userIds?: string[]): SQL<unknown> {
  const which =
    userIds === undefined
      ? sql`u.deleted_at is null`
      : userIds.length === 0
        ? sql`false`
        : sql`u.id in (${sql.join(
            userIds.map((id) => sql`${id}`),
            sql`, `,
          )})`;
  return sql`(select coalesce(json_agg(json_build_object(
    'id', u.id, 'name', u.name, 'email', u.email, 'phoneNumber', u.phone_number, 'tagIds', u.tag_ids,
    'createdAt', u.created_at, 'updatedAt', u.updated_at,
    'apiKeys', (select json_agg(json_build_object(
        'id', k.id, 'userId', k.user_id, 'name', k.name, 'publicKey', k.public_key,
        'credentialType', k.credential_type, 'expirationSeconds', k.expiration_seconds,
        'createdAt', k.created_at, 'updatedAt', k.updated_at
      ) order by k.id) from ${apiKeys} k where k.organization_id = u.organization_id and k.user_id = u.id),
    'authenticators', (select json_agg(json_build_object(
        'id', a.id, 'userId', a.user_id, 'name', a.name, 'credentialId', a.credential_id,
        'publicKey', a.public_key, 'transports', a.transports, 'aaguid', a.aaguid,
        'attestationType', a.attestation_type, 'createdAt', a.created_at, 'updatedAt', a.updated_at
      ) order by a.id) from ${authenticators} a where a.organization_id = u.organization_id and a.user_id = u.id),
    'identities', (select json_agg(row_to_json(p) order by p.id) from ${oauthProviders} p where p.user_id = u.id)
  ) order by u.id), '[]'::json) from ${users} u where u.organization_id = ${organizationId} and ${which})`;
}

interface UserJson {
  id: string;
  name: string;
  email: string | null;
  phoneNumber: string | null;
  tagIds: string[];
  createdAt: string;
  updatedAt: string;
  apiKeys: Record<string, string | null>[] | null;
  authenticators: Record<string, unknown>[] | null;
  identities: Record<string, string>[] | null;
}

/** What usersJson read, rendered as the API shows users. */
export function renderUsersJson(value: unknown): TUser[] {
  const list = (typeof value === "string" ? JSON.parse(value) : value) as UserJson[];
  return list.map((u) =>
    renderUser(
      {
        id: u.id,
        name: u.name,
        email: u.email,
        phoneNumber: u.phoneNumber,
        tagIds: u.tagIds,
        createdAt: new Date(u.createdAt),
        updatedAt: new Date(u.updatedAt),
      },
      (u.apiKeys ?? []).map(apiKeyFields),
      (u.authenticators ?? []).map(authenticatorFields),
      (u.identities ?? []).map(identityRow),
    ),
  );
}

/** Users with their credentials, in creation order (see usersJson): one statement however many. */
export async function loadUsers(db: DbOrTx, organizationId: string, userIds?: string[]): Promise<TUser[]> {
  if (userIds && userIds.length === 0) return [];
  const result = await db.execute(sql`select ${usersJson(organizationId, userIds)} as users`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
    users: unknown;
  }[];
  return renderUsersJson(rows[0]?.users ?? []);
}
