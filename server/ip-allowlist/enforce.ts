import type { Reader } from "../auth/caller";
import type { DbOrTx } from "../db/client";
import type { IpAllowlistRow, OrganizationRow } from "../db/schema";
import { denied } from "../errors";
import { addressBits, CidrError, cidrContains, parseCidr } from "./cidr";
import { type AllowlistCache, organizationAllowlists } from "./store";

export interface AllowlistSubject {
  /**
   * The organization the credential belongs to (a parent's, when its key acts on a sub-organization),
   * as read when the caller was resolved: its allowlists' version is the cache's key.
   */
  organization: Pick<OrganizationRow, "id" | "ipAllowlistsVersion">;
  /** The stamping API key's public key; undefined for a passkey or a read-only session. */
  apiKeyPublicKey?: string;
}

/** Whose allowlist a reader's request answers to: their credential's organization, and the API key that stamped. */
export function allowlistSubject(
  reader: Reader & { credential?: { kind: string; publicKey: string } },
): AllowlistSubject {
  return {
    organization: reader.organization,
    ...(reader.credential?.kind === "API_KEY" ? { apiKeyPublicKey: reader.credential.publicKey } : {}),
  };
}

/**
 * The allowlist that governs a request: the stamping key's own, else the organization's while it is
 * enabled, else none.
 */
async function governing(
  db: DbOrTx,
  cache: AllowlistCache,
  subject: AllowlistSubject,
): Promise<IpAllowlistRow | undefined> {
  // This runs on every request: the organization's lists come from the cache while their version holds.
  const lists = await organizationAllowlists(db, cache, subject.organization);
  const own = subject.apiKeyPublicKey && lists.find((l) => l.publicKey === subject.apiKeyPublicKey);
  if (own) return own;
  const organization = lists.find((l) => l.publicKey === null);
  return organization?.enabled === false ? undefined : organization;
}

type Verdict = { allowed: true } | { allowed: false; why: string } | { error: string };

function judge(list: IpAllowlistRow, address: string | undefined): Verdict {
  if (address === undefined) {
    return {
      error:
        "the client address is not known (this server reads it from X-Forwarded-For only when LATCHKEY_TRUST_PROXY is set)",
    };
  }
  const client = addressBits(address);
  if (!client) return { error: `the client address ${address} cannot be read` };
  try {
    if (list.rules.some((rule) => cidrContains(parseCidr(rule.cidr), client))) return { allowed: true };
  } catch (error) {
    if (error instanceof CidrError) return { error: `a stored rule cannot be read: ${error.message}` };
    throw error;
  }
  return { allowed: false, why: `requests from ${address} are outside` };
}

/**
 * Refuse a request from outside the governing allowlist, before anything is recorded. When the
 * check cannot be made (no trusted client address), the allowlist's onEvaluationError decides:
 * DENY (the default) refuses, ALLOW lets the request through.
 */
export async function enforceIpAllowlist(
  db: DbOrTx,
  cache: AllowlistCache,
  subject: AllowlistSubject,
  address: string | undefined,
): Promise<void> {
  const list = await governing(db, cache, subject);
  if (!list) return;
  const scope = list.publicKey === null ? `organization ${list.organizationId}'s` : "this API key's";
  const verdict = judge(list, address);
  if ("error" in verdict) {
    if (list.onEvaluationError === "ALLOW") return;
    throw denied(
      "IP_ALLOWLIST_EVALUATION_FAILED",
      `${scope} IP allowlist could not be checked and refuses on error: ${verdict.error}`,
    );
  }
  if (!verdict.allowed) throw denied("IP_NOT_ALLOWED", `${verdict.why} ${scope} IP allowlist`);
}
