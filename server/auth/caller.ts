import { and, eq, inArray, isNull } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import {
  apiKeys,
  authenticators,
  type OrganizationRow,
  organizations,
  type UserRow,
  users,
} from "../db/schema";
import { ApiError, denied, unauthenticated } from "../errors";
import type { RequestBudget } from "../rate-limit/enforce";
import { SCHEME_CURVE } from "./api-key-stamp";
import { ownApiKeyMatch, type SignerReadAhead } from "./own-api-key";
import type { VerifiedStamp } from "./stamp";
import { checkSignCount } from "./webauthn-stamp";

export type { SignerReadAhead } from "./own-api-key";

export interface CallerCredential {
  kind: "API_KEY" | "WEBAUTHN";
  /** apiKeyId or authenticatorId */
  id: string;
  publicKey: string;
  /** CREDENTIAL_TYPE_* */
  type: string;
}

/**
 * Who is reading: all a query needs to know. A stamped caller is one; so is the user of a
 * read-only session (X-Session), which has no stamp to record and so can never submit.
 */
export interface Reader {
  user: UserRow;
  /** The organization the credential belongs to: the target itself, or (queries only) an ancestor. */
  organization: OrganizationRow;
  /** A root user of the target organization (root quorum member). */
  isRoot: boolean;
}

/** Who is acting: a live user of `organization`, proven by a credential they hold. */
export interface Caller extends Reader {
  credential: CallerCredential;
  stamp: VerifiedStamp;
  /**
   * Set when a parent organization's credential submits a login activity for this sub-organization
   * (the definition's `parentMayAct`): the parent, whose user `user` is. `organization` is then the
   * sub-organization acted on, and the caller is none of its root users.
   */
  actingFrom?: OrganizationRow;
}

/** A parent's caller, turned into one acting on its sub-organization `target` (login activities only). */
export function actingOnSubOrganization(caller: Caller, target: OrganizationRow): Caller {
  return { ...caller, organization: target, isRoot: false, actingFrom: caller.organization };
}

export async function findOrganization(db: DbOrTx, id: string): Promise<OrganizationRow | undefined> {
  const [row] = await db
    .select()
    .from(organizations)
    .where(and(eq(organizations.id, id), isNull(organizations.deletedAt)));
  return row;
}

/** The organization followed by its ancestors (parent first), for "parents may read sub-orgs". */
async function organizationChain(db: DbOrTx, target: OrganizationRow): Promise<OrganizationRow[]> {
  const chain = [target];
  let current = target;
  while (current.parentOrganizationId && chain.length < 16) {
    const parent = await findOrganization(db, current.parentOrganizationId);
    if (!parent) break;
    chain.push(parent);
    current = parent;
  }
  return chain;
}

export interface Match {
  organizationId: string;
  userId: string;
  credential: CallerCredential;
  expiresAt: Date | null;
  /** A passkey row's stored signature counter. */
  signCount?: number;
}

async function matchCredential(db: DbOrTx, stamp: VerifiedStamp, orgIds: string[] | null): Promise<Match[]> {
  if (stamp.kind === "API_KEY") {
    const curve = SCHEME_CURVE[stamp.scheme as keyof typeof SCHEME_CURVE];
    const where = [eq(apiKeys.publicKey, stamp.publicKey), eq(apiKeys.curve, curve)];
    if (orgIds) where.push(inArray(apiKeys.organizationId, orgIds));
    const rows = await db
      .select()
      .from(apiKeys)
      .where(and(...where));
    return rows.map((r) => ({
      organizationId: r.organizationId,
      userId: r.userId,
      expiresAt: r.expiresAt,
      credential: { kind: "API_KEY", id: r.id, publicKey: r.publicKey, type: r.credentialType },
    }));
  }
  // The key that verified the stamp, not just its (public, copyable) credential id.
  const where = [
    eq(authenticators.credentialId, stamp.credentialId),
    eq(authenticators.publicKey, stamp.publicKey),
  ];
  if (orgIds) where.push(inArray(authenticators.organizationId, orgIds));
  const rows = await db
    .select()
    .from(authenticators)
    .where(and(...where));
  return rows.map((r) => ({
    organizationId: r.organizationId,
    userId: r.userId,
    expiresAt: null,
    signCount: r.signCount,
    credential: {
      kind: "WEBAUTHN",
      id: r.id,
      publicKey: r.publicKey,
      type: "CREDENTIAL_TYPE_WEBAUTHN_AUTHENTICATOR",
    },
  }));
}

/**
 * The organizations whose members may act on the target: the target itself, and for queries its
 * ancestors after it (a parent may read its sub-orgs). 404 when the target does not exist.
 */
export async function actingOrganizations(
  db: DbOrTx,
  targetOrganizationId: string,
  allowAncestors: boolean,
): Promise<OrganizationRow[]> {
  const target = await findOrganization(db, targetOrganizationId);
  if (!target) {
    throw new ApiError(
      "NOT_FOUND",
      "ORGANIZATION_NOT_FOUND",
      `organization not found: ${targetOrganizationId}`,
    );
  }
  return allowAncestors ? organizationChain(db, target) : [target];
}

/** The user a credential or session speaks for, as long as they are not deleted. */
export async function liveUser(db: DbOrTx, userId: string, goneMessage: string): Promise<UserRow> {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) throw unauthenticated("USER_NOT_FOUND", goneMessage);
  return user;
}

/**
 * Map a verified stamp to a user of the target organization. Activities accept only the target's
 * own credentials; queries also accept those of its ancestors (a parent may read its sub-orgs).
 */
export async function resolveCaller(
  db: DbOrTx,
  stamp: VerifiedStamp,
  targetOrganizationId: string,
  options: CallerOptions,
): Promise<Caller> {
  return (await resolveCallerReadingAhead(db, stamp, targetOrganizationId, options)).caller;
}

interface CallerOptions {
  allowAncestors: boolean;
  now: Date;
  /** The request's rate-limit budgets, counted before anything else is read (in the lookup itself when it can). */
  budget?: RequestBudget;
}

/**
 * resolveCaller, reading with the caller's lookup what a signing submission needs next (the
 * account `signWith` names, and whether webhooks listen): `readAhead` is set when that lookup
 * answered (an API key of the target organization, its budget counted in it when there is one to
 * count), undefined otherwise.
 */
export async function resolveCallerReadingAhead(
  db: DbOrTx,
  stamp: VerifiedStamp,
  targetOrganizationId: string,
  options: CallerOptions & { readAheadFor?: { signWith: string | undefined } },
): Promise<{ caller: Caller; readAhead?: SignerReadAhead }> {
  const own = await ownApiKeyMatch(db, stamp, targetOrganizationId, options.budget, options.readAheadFor);
  if (!own) await options.budget?.spend();
  const chain = own
    ? [own.organization]
    : await actingOrganizations(db, targetOrganizationId, options.allowAncestors);
  const target = chain[0]!;
  const matches = own
    ? [own.match]
    : await matchCredential(
        db,
        stamp,
        chain.map((o) => o.id),
      );
  // The closest organization wins: the target's own key before a parent's.
  const match = chain.map((o) => matches.find((m) => m.organizationId === o.id)).find(Boolean);
  if (!match) {
    const elsewhere = await matchCredential(db, stamp, null);
    if (elsewhere.length > 0) {
      throw denied(
        "ORGANIZATION_MISMATCH",
        `this credential belongs to another organization and cannot act on organization ${target.id}`,
      );
    }
    throw unauthenticated(
      "PUBLIC_KEY_NOT_FOUND",
      `could not find public key in organization ${target.id}${options.allowAncestors ? " or its parent organizations" : ""}`,
    );
  }
  if (match.expiresAt && match.expiresAt.getTime() <= options.now.getTime()) {
    const session = match.credential.type === "CREDENTIAL_TYPE_READ_WRITE_SESSION_KEY_P256";
    throw unauthenticated(
      session ? "SESSION_EXPIRED" : "API_KEY_EXPIRED",
      `${session ? "session" : "api key"} ${match.credential.id} expired at ${match.expiresAt.toISOString()}`,
    );
  }
  const user =
    own?.user ?? (await liveUser(db, match.userId, "the user holding this credential no longer exists"));
  if (user.deletedAt)
    throw unauthenticated("USER_NOT_FOUND", "the user holding this credential no longer exists");
  if (stamp.kind === "WEBAUTHN") {
    await checkSignCount(db, { id: match.credential.id, signCount: match.signCount ?? 0 }, stamp.signCount);
  }
  const organization = chain.find((o) => o.id === match.organizationId)!;
  const caller: Caller = {
    user,
    organization,
    credential: match.credential,
    stamp,
    isRoot: organization.id === target.id && target.rootUserIds.includes(user.id),
  };
  return { caller, readAhead: own?.readAhead };
}

/** Whose request a stored activity is: the submitter to act for, or word that they are gone. */
export type Submitter = { deleted: false; caller: Caller } | { deleted: true; userId: string };

/**
 * The submitter of a stored activity, rebuilt to execute it on their behalf once consensus is met.
 * A submitter deleted since is reported, not rebuilt: approvals do not revive a departed user's
 * request, which would act (export, sign) for nobody.
 */
export async function submitterOf(
  db: DbOrTx,
  row: { callerUserId: string; callerCredentialId: string; stampKind: string; stamp: string },
  organization: OrganizationRow,
): Promise<Submitter> {
  const [user] = await db.select().from(users).where(eq(users.id, row.callerUserId));
  if (!user) throw new Error(`activity submitter ${row.callerUserId} is missing`);
  if (user.deletedAt) return { deleted: true, userId: user.id };
  const kind = row.stampKind === "WEBAUTHN" ? "WEBAUTHN" : "API_KEY";
  const stamp: VerifiedStamp =
    kind === "WEBAUTHN"
      ? {
          kind,
          credentialId: "",
          publicKey: "",
          signCount: 0,
          scheme: "SIGNATURE_SCHEME_TK_API_P256_WEBAUTHN",
          signature: "",
          header: row.stamp,
        }
      : { kind, publicKey: "", scheme: "", signature: "", header: row.stamp };
  const caller: Caller = {
    user,
    organization,
    credential: { kind, id: row.callerCredentialId, publicKey: "", type: "" },
    stamp,
    isRoot: organization.rootUserIds.includes(user.id),
  };
  return { deleted: false, caller };
}
