import type { TAuditCheckpoint, TAuditEntry, TListAuditChainResponse } from "../api/audit-chain";
import type { ChainDocument } from "./verify-chain";

/**
 * Reads an organization's audit chain and its live activities through the public API only
 * (docs/audit-chain.md, steps 2 and 6). `query` is whatever stamps the reads: an API key in
 * `latchkey audit verify`, the session key in the dashboard.
 */

export type ChainQuery = (path: "list_audit_chain" | "list_activities", request: object) => Promise<unknown>;

interface ServedActivity {
  id: string;
  status: string;
  fingerprint: string;
  result?: Record<string, unknown>;
  votes?: { id: string; selection: string; message: string }[];
}

/** The envelope shows the stored result under its one result key ({} while there is none). */
const storedResult = (result: Record<string, unknown> | undefined) => {
  const values = Object.values(result ?? {});
  return values.length === 0 ? null : values[0];
};

export async function readChain(query: ChainQuery, organizationId: string): Promise<ChainDocument> {
  const entries: TAuditEntry[] = [];
  const checkpoints: TAuditCheckpoint[] = [];
  let headCheckpoint: TAuditCheckpoint | undefined;
  for (let after = "0"; ; ) {
    const page = (await query("list_audit_chain", {
      organizationId,
      paginationOptions: { limit: "100", after },
    })) as TListAuditChainResponse;
    // The first page's signed head bounds what is read: entries appended meanwhile are left to the next run.
    headCheckpoint ??= page.headCheckpoint;
    const bounded = page.entries.filter((e) => Number(e.seq) <= Number(headCheckpoint!.seq));
    entries.push(...bounded);
    checkpoints.push(...page.checkpoints.filter((c) => Number(c.seq) <= Number(headCheckpoint!.seq)));
    if (bounded.length < page.entries.length || page.entries.length < 100) break;
    after = page.entries.at(-1)!.seq;
  }
  const activities: ChainDocument["activities"] = [];
  for (let after: string | undefined; ; ) {
    const page = (await query("list_activities", {
      organizationId,
      paginationOptions: { limit: "100", ...(after ? { before: after } : {}) },
    })) as { activities: ServedActivity[] };
    for (const a of page.activities) {
      activities.push({
        id: a.id,
        status: a.status,
        fingerprint: a.fingerprint,
        result: storedResult(a.result),
        votes: (a.votes ?? []).map((v) => ({ id: v.id, selection: v.selection, message: v.message })),
      });
    }
    if (page.activities.length < 100) break;
    after = page.activities.at(-1)!.id;
  }
  return { organizationId, entries, checkpoints, headCheckpoint: headCheckpoint!, activities };
}
