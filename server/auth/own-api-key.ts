import { and, eq, isNull, sql } from "drizzle-orm";
import type { DbOrTx } from "../db/client";
import { prebuilt, prebuiltPerShape } from "../db/prebuilt";
import {
  type ApiKeyRow,
  apiKeys,
  type OrganizationRow,
  organizations,
  type UserRow,
  users,
  walletAccounts,
  wallets,
} from "../db/schema";
import { bucketUpsert, bucketValues, type CountedRow, countsInOrder } from "../rate-limit/count";
import type { RequestBudget } from "../rate-limit/enforce";
import {
  ACCOUNT_READ,
  accountKey,
  accountSource,
  type SignerSource,
  walletSeed,
} from "../sign-with/signer-source";
import { anyActiveEndpoint } from "../webhooks/listening";
import { SCHEME_CURVE } from "./api-key-stamp";
import type { Match } from "./caller";
import type { VerifiedStamp } from "./stamp";

/**
 * The common case of resolving a caller, in one statement: an API key of the target organization
 * itself, with the target and the key's user, the request's rate limits counted, and for a signing
 * submission what it needs next read ahead (caller.ts takes every other case).
 */

/** The target organization, not deleted (`organizationId`): both lookups below find it the same way. */
const liveTargetOrganization = () =>
  and(eq(organizations.id, sql.placeholder("organizationId")), isNull(organizations.deletedAt));

/** The organization's API key the stamp names (`publicKey`, `curve`). */
const stampKeyOfOrganization = () =>
  and(
    eq(apiKeys.organizationId, organizations.id),
    eq(apiKeys.publicKey, sql.placeholder("publicKey")),
    eq(apiKeys.curve, sql.placeholder("curve")),
  );

// Every stamped request asks this: built once (prebuilt.ts).
const ownApiKeyStatement = prebuilt((db) =>
  db
    .select({ organization: organizations, key: apiKeys, user: users })
    .from(organizations)
    .innerJoin(apiKeys, stampKeyOfOrganization())
    .innerJoin(users, eq(users.id, apiKeys.userId))
    .where(liveTargetOrganization())
    .limit(1),
);

/**
 * The same lookup counting the request's rate-limit budgets in the same statement: the upsert runs
 * as a CTE whatever the lookup finds, and its counters come back beside the row. The lookup reads
 * from a one-row source with left joins, so a key that matches nothing still returns the counts.
 * One statement per number of budgets (one to three), built once each.
 */
const ownApiKeyCountingStatement = prebuiltPerShape(
  (budgets: number) =>
    prebuilt((db) => {
      const counted = db.$with("counted").as(bucketUpsert(db, budgets));
      return db
        .with(counted)
        .select({ organization: organizations, key: apiKeys, user: users, counts: countsOf(counted) })
        .from(sql`(select 1) as one`)
        .leftJoin(organizations, liveTargetOrganization())
        .leftJoin(apiKeys, stampKeyOfOrganization())
        .leftJoin(users, eq(users.id, apiKeys.userId))
        .limit(1);
    }),
  String,
);

/** The rate-limit counters the upsert CTE returned, as one JSON array. */
function countsOf(counted: { scope: unknown; kind: unknown; subject: unknown; count: unknown }) {
  return sql<
    CountedRow[]
  >`(select json_agg(json_build_object('scope', ${counted.scope}, 'kind', ${counted.kind}, 'subject', ${counted.subject}, 'count', ${counted.count})) from ${counted})`;
}

/**
 * The lookup of a signing submission, which also reads what the submission will need before
 * anything is written (submit-folded.ts): the wallet account its `signWith` names (`signWith`
 * placeholder; with its wallet and sealed rows, as findSignerSource reads it, the lowest id first)
 * and whether the organization has an active webhook endpoint. Read whatever the lookup finds: a
 * caller the lookup refuses is answered before any of it is used. With budgets, it counts them as
 * the statement above does; with none (every rate limit set to 0) it reads ahead all the same.
 */
const ownApiKeyWithSignerStatement = prebuiltPerShape(
  (budgets: number) =>
    prebuilt((db) => {
      const counted = budgets > 0 ? db.$with("counted").as(bucketUpsert(db, budgets)) : undefined;
      // Drizzle's `with(...)` builder and the database offer the same select; only the CTE differs.
      const source = (counted ? db.with(counted) : db) as Pick<typeof db, "select">;
      return source
        .select({
          organization: organizations,
          key: apiKeys,
          user: users,
          counts: counted ? countsOf(counted) : sql<CountedRow[] | null>`null`,
          listening: anyActiveEndpoint(sql.placeholder("organizationId")),
          ...ACCOUNT_READ.fields,
        })
        .from(sql`(select 1) as one`)
        .leftJoin(organizations, liveTargetOrganization())
        .leftJoin(apiKeys, stampKeyOfOrganization())
        .leftJoin(users, eq(users.id, apiKeys.userId))
        .leftJoin(
          walletAccounts,
          ACCOUNT_READ.named(sql.placeholder("organizationId"), sql.placeholder("signWith")),
        )
        .leftJoin(wallets, ACCOUNT_READ.wallet)
        .leftJoin(accountKey, ACCOUNT_READ.accountKey)
        .leftJoin(walletSeed, ACCOUNT_READ.walletSeed)
        .orderBy(ACCOUNT_READ.first)
        .limit(1);
    }),
  String,
);

/**
 * What a submission recorded after it executes read with its caller: whether anyone listens for its
 * status events, and for a signature the account `signWith` names (undefined when no wallet account
 * of the organization has that address: a private key, or nothing, which the signer then looks up
 * or refuses itself; and for a submission that signs nothing).
 */
export interface SignerReadAhead {
  signWith: string | undefined;
  source: SignerSource | undefined;
  listening: boolean;
}

export type OwnApiKey = {
  organization: OrganizationRow;
  match: Match;
  user: UserRow;
  readAhead?: SignerReadAhead;
};

function ownApiKeyOf(row: { organization: OrganizationRow; key: ApiKeyRow; user: UserRow }): OwnApiKey {
  const { key } = row;
  return {
    organization: row.organization,
    user: row.user,
    match: {
      organizationId: key.organizationId,
      userId: key.userId,
      expiresAt: key.expiresAt,
      credential: { kind: "API_KEY", id: key.id, publicKey: key.publicKey, type: key.credentialType },
    },
  };
}

/**
 * The common case in one round trip: an API key of the target organization itself, with the target
 * and the key's user — and, given the request's budget, its rate limits counted in that same
 * statement (a spent budget throws the 429 here, before anything else is read). Undefined when that
 * is not the case (a passkey, a parent's key, no such key or organization): the general path below
 * then answers, with its errors.
 */
export async function ownApiKeyMatch(
  db: DbOrTx,
  stamp: VerifiedStamp,
  targetOrganizationId: string,
  budget: RequestBudget | undefined,
  /** Read ahead for a submission recorded after it executes: whether webhooks listen, and the signer. */
  readAheadFor: { signWith: string | undefined } | undefined,
): Promise<OwnApiKey | undefined> {
  if (stamp.kind !== "API_KEY") return undefined;
  const curve = SCHEME_CURVE[stamp.scheme as keyof typeof SCHEME_CURVE];
  const lookup = { publicKey: stamp.publicKey, curve, organizationId: targetOrganizationId };
  const counting = budget?.countWith();
  const counts = counting ? bucketValues(counting.hits, counting.windowStart) : {};
  if (readAheadFor) {
    const { signWith } = readAheadFor;
    // Without a signer, the account's join matches nothing (address = NULL).
    const [row] = await ownApiKeyWithSignerStatement(counting?.hits.length ?? 0).run(db, {
      ...lookup,
      ...counts,
      signWith: signWith ?? null,
    });
    await counting?.settle(countsInOrder(counting.hits, row!.counts ?? []));
    const { organization, key, user, account } = row!;
    if (!organization || !key || !user) return undefined;
    const source = account && signWith !== undefined ? accountSource({ ...row!, account }) : undefined;
    return {
      ...ownApiKeyOf({ organization, key, user }),
      readAhead: { signWith, source, listening: row!.listening },
    };
  }
  if (!counting) {
    const [row] = await ownApiKeyStatement.run(db, lookup);
    return row ? ownApiKeyOf(row) : undefined;
  }
  const [row] = await ownApiKeyCountingStatement(counting.hits.length).run(db, { ...lookup, ...counts });
  await counting.settle(countsInOrder(counting.hits, row!.counts));
  const { organization, key, user } = row!;
  return organization && key && user ? ownApiKeyOf({ organization, key, user }) : undefined;
}
