import { and, asc, eq, inArray } from "drizzle-orm";
import { toTimestamp } from "@/lib/api/common";
import type { TPolicy, TPolicyParams } from "@/lib/api/policies";
import type { DbOrTx, Tx } from "../db/client";
import { type PolicyRow, policies } from "../db/schema";
import { notFound } from "../errors";
import { newId } from "../ids";

export function renderPolicy(row: PolicyRow): TPolicy {
  return {
    policyId: row.id,
    policyName: row.name,
    effect: row.effect as TPolicy["effect"],
    createdAt: toTimestamp(row.createdAt),
    updatedAt: toTimestamp(row.updatedAt),
    notes: row.notes,
    consensus: row.consensus,
    condition: row.condition,
  };
}

export async function insertPolicy(
  tx: Tx,
  organizationId: string,
  params: TPolicyParams,
  now: Date,
): Promise<string> {
  const [id] = await insertPolicies(tx, organizationId, [params], now);
  return id!;
}

/** Several policies in one statement (create_policies holds up to 100); ids in the order given. */
export async function insertPolicies(
  tx: Tx,
  organizationId: string,
  list: TPolicyParams[],
  now: Date,
): Promise<string[]> {
  const rows = list.map((params) => ({
    id: newId(now.getTime()),
    organizationId,
    name: params.policyName,
    effect: params.effect,
    condition: params.condition?.trim() ?? "",
    consensus: params.consensus?.trim() ?? "",
    notes: params.notes,
    createdAt: now,
    updatedAt: now,
  }));
  await tx.insert(policies).values(rows);
  return rows.map((row) => row.id);
}

/** The organization's policies in a stable order (oldest first): the order evaluations list them in. */
export function loadPolicies(db: DbOrTx, organizationId: string): Promise<PolicyRow[]> {
  return db
    .select()
    .from(policies)
    .where(eq(policies.organizationId, organizationId))
    .orderBy(asc(policies.id));
}

export async function findPolicies(db: DbOrTx, organizationId: string, ids: string[]): Promise<PolicyRow[]> {
  const rows = await db
    .select()
    .from(policies)
    .where(and(eq(policies.organizationId, organizationId), inArray(policies.id, ids)));
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound("policy", missing);
  return ids.map((id) => rows.find((r) => r.id === id)!);
}
