import { eq } from "drizzle-orm";
import type { TActivityDescription } from "@/lib/api/activity-summary";
import type { DbOrTx } from "../db/client";
import { smartContractInterfaces } from "../db/schema";
import { decodeSigned } from "../decode";
import type { UsdPrices } from "../gas-station/prices";
import type { SummaryNames } from "./define";
import { activityByType } from "./index";
import { loadSummaryNames } from "./summary-names";

interface DescribedRow {
  id: string;
  type: string;
  intent: unknown;
}

/**
 * Each activity's one-line summary (its definition's `describe`) and the decoded content it signs,
 * for people deciding on it: the dashboard, "Waiting for you" and vote notifications. Computed on
 * the server because names, registered interfaces and prices live here; served by the Latchkey
 * extension query describe_activities so the wire-compatible activity shapes stay untouched.
 */
export async function describeActivities(
  db: DbOrTx,
  organizationId: string,
  rows: readonly DescribedRow[],
  usdPrices: UsdPrices,
): Promise<TActivityDescription[]> {
  if (rows.length === 0) return [];
  const names = await loadSummaryNames(db, organizationId);
  const interfaces = await db
    .select({ address: smartContractInterfaces.address, parsed: smartContractInterfaces.parsed })
    .from(smartContractInterfaces)
    .where(eq(smartContractInterfaces.organizationId, organizationId));
  return rows.map((row) => {
    const definition = activityByType(row.type);
    const parsed = definition?.params.safeParse(row.intent);
    if (!definition || !parsed?.success) {
      // The organization's creation, or an intent stored by an older version: say what we can.
      return { activityId: row.id, summary: readableType(row.type), decoded: [] };
    }
    const params = parsed.data as never;
    let decoded: TActivityDescription["decoded"] = [];
    try {
      const signs = definition.targets?.(params).signs;
      const hashFunction = (parsed.data as { hashFunction?: string }).hashFunction;
      if (signs) decoded = decodeSigned(signs, { interfaces, usdPrices }, hashFunction);
    } catch {
      // targets() itself could not read the intent (a raw transaction that does not decode):
      decoded = [
        {
          kind: "undecodable",
          headline: "Content that cannot be decoded",
          fields: [],
          warning: "Latchkey cannot decode what this activity signs.",
        },
      ];
    }
    const signed = decoded.length === 1 ? decoded[0]!.headline : undefined;
    const withSigned: SummaryNames = { ...names, signed };
    return { activityId: row.id, summary: definition.describe(params, withSigned), decoded };
  });
}

/** ACTIVITY_TYPE_CREATE_ORGANIZATION → "Create organization". */
export function readableType(type: string): string {
  const words = type
    .replace(/^ACTIVITY_TYPE_/, "")
    .replace(/_V\d+$/, "")
    .toLowerCase()
    .replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}
