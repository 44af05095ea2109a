import { canonicalJson, chainHash, GENESIS_HASH } from "@/lib/audit/hash";
import { sha256Hex } from "../crypto/sha256-hex";

/**
 * What each audit-chain entry states, as canonical JSON (docs/audit-chain.md). The entry's hash
 * commits to these exact bytes, so they hold the signed request itself (body and stamp header, so a
 * verifier can check the stamp) and a digest of the result (results may hold bundles).
 */

export const AUDIT_VERSION = "latchkey.audit.v1";
// The hashing is shared with the verifiers (lib/audit/hash.ts); the server's SHA-256 is OpenSSL's.
export { chainHash, GENESIS_HASH, sha256Hex };

export type AuditKind = "ACTIVITY" | "VOTE" | "EVALUATION";

export interface AuditRecord {
  kind: AuditKind;
  recordId: string;
  activityId: string;
  /** Canonical JSON, exactly the bytes hashed. */
  payload: string;
}

/** Hex SHA-256 of a value's canonical JSON; null stays null (no result yet). */
export const digestOf = (value: unknown) =>
  value === null || value === undefined ? null : sha256Hex(canonicalJson(value));

export interface ActivityState {
  id: string;
  organizationId: string;
  type: string;
  status: string;
  fingerprint: string;
  requestBody: string;
  stampKind: string;
  stamp: string;
  callerUserId: string;
  callerCredentialId: string;
  result: unknown;
  failure: unknown;
  updatedAt: Date;
}

/** An activity's state at the end of a transaction that recorded it or changed it. */
export function activityRecord(row: ActivityState): AuditRecord {
  const payload = canonicalJson({
    version: AUDIT_VERSION,
    kind: "ACTIVITY",
    organizationId: row.organizationId,
    activityId: row.id,
    type: row.type,
    status: row.status,
    fingerprint: row.fingerprint,
    request: row.requestBody,
    stampKind: row.stampKind,
    stamp: row.stamp,
    userId: row.callerUserId,
    credentialId: row.callerCredentialId,
    resultSha256: digestOf(row.result),
    failure: row.failure ?? null,
    atMs: String(row.updatedAt.getTime()),
  });
  return { kind: "ACTIVITY", recordId: row.id, activityId: row.id, payload };
}

export interface VoteState {
  id: string;
  activityId: string;
  organizationId: string;
  userId: string;
  selection: string;
  message: string;
  createdAt: Date;
  /** The stamp header as sent, and the credential it was checked against when it was cast. */
  stampKind: string;
  stamp: string;
  credential: { id: string; publicKey: string };
}

export function voteRecord(vote: VoteState): AuditRecord {
  const payload = canonicalJson({
    version: AUDIT_VERSION,
    kind: "VOTE",
    organizationId: vote.organizationId,
    activityId: vote.activityId,
    voteId: vote.id,
    userId: vote.userId,
    selection: vote.selection,
    request: vote.message,
    stampKind: vote.stampKind,
    stamp: vote.stamp,
    credentialId: vote.credential.id,
    credentialPublicKey: vote.credential.publicKey,
    atMs: String(vote.createdAt.getTime()),
  });
  return { kind: "VOTE", recordId: vote.id, activityId: vote.activityId, payload };
}

export interface EvaluationState {
  id: string;
  activityId: string;
  organizationId: string;
  voteId: string;
  outcome: string;
  policyEvaluations: unknown;
  decidingPolicyIds: string[];
  createdAt: Date;
}

export function evaluationRecord(round: EvaluationState): AuditRecord {
  const payload = canonicalJson({
    version: AUDIT_VERSION,
    kind: "EVALUATION",
    organizationId: round.organizationId,
    activityId: round.activityId,
    evaluationId: round.id,
    voteId: round.voteId,
    outcome: round.outcome,
    policyEvaluations: round.policyEvaluations,
    decidingPolicyIds: round.decidingPolicyIds,
    atMs: String(round.createdAt.getTime()),
  });
  return { kind: "EVALUATION", recordId: round.id, activityId: round.activityId, payload };
}
