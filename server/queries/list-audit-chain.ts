import { and, asc, desc, eq, gt, lte } from "drizzle-orm";
import { type TAuditCheckpoint, ZListAuditChainRequest } from "@/lib/api/audit-chain";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { GENESIS_HASH } from "../audit/entries";
import { signAuditCheckpoint } from "../crypto/audit-checkpoint";
import { type AuditCheckpointRow, auditChainHeads, auditCheckpoints, auditEntries } from "../db/schema";
import { defineQuery } from "./define";

const shown = (row: AuditCheckpointRow): TAuditCheckpoint => ({
  seq: String(row.seq),
  statement: row.statement,
  signature: row.signature,
  publicKey: row.publicKey,
});

export const listAuditChain = defineQuery({
  path: "list_audit_chain",
  latchkeyExtension: true,
  summary:
    "The organization's tamper-evident audit trail, oldest first: every activity state, vote and " +
    "policy evaluation as a hash chain, with the server key's signed checkpoints and a signature " +
    "over the current head. Check it with `latchkey audit verify` (docs/audit-chain.md)",
  request: ZListAuditChainRequest,
  response: QUERY_RESPONSES.list_audit_chain,
  async run({ app, organization, now }, request) {
    const limit = Number(request.paginationOptions?.limit ?? 100);
    const after = Number(request.paginationOptions?.after ?? 0);
    const org = eq(auditEntries.organizationId, organization.id);
    // The head first: the page then never holds an entry the signed head does not cover.
    const [head] = await app.db
      .select()
      .from(auditChainHeads)
      .where(eq(auditChainHeads.organizationId, organization.id));
    const headSeq = head?.seq ?? 0;
    const entries = await app.db
      .select()
      .from(auditEntries)
      .where(and(org, gt(auditEntries.seq, after), lte(auditEntries.seq, headSeq)))
      .orderBy(asc(auditEntries.seq))
      .limit(limit);
    const last = entries.at(-1)?.seq ?? after;
    const ofOrg = eq(auditCheckpoints.organizationId, organization.id);
    const checkpoints = await app.db
      .select()
      .from(auditCheckpoints)
      .where(and(ofOrg, gt(auditCheckpoints.seq, after), lte(auditCheckpoints.seq, last)))
      .orderBy(asc(auditCheckpoints.seq));
    const [latest] = await app.db
      .select()
      .from(auditCheckpoints)
      .where(ofOrg)
      .orderBy(desc(auditCheckpoints.seq))
      .limit(1);
    const signedHead = signAuditCheckpoint(
      app.serverKey,
      { organizationId: organization.id, seq: headSeq, hash: head?.hash ?? GENESIS_HASH },
      now,
    );
    return {
      entries: entries.map((e) => ({
        seq: String(e.seq),
        kind: e.kind as "ACTIVITY" | "VOTE" | "EVALUATION",
        recordId: e.recordId,
        activityId: e.activityId,
        previousHash: e.previousHash,
        hash: e.hash,
        payload: e.payload,
      })),
      checkpoints: checkpoints.map(shown),
      latestCheckpoint: latest ? shown(latest) : null,
      headCheckpoint: { seq: String(headSeq), ...signedHead },
    };
  },
});
