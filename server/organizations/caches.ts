import type { IpAllowlistRow, MfaPolicyRow } from "../db/schema";
import type { ContractInterface } from "../policy/cached-interfaces";
import type { CompiledPolicy } from "../policy/compile";
import { VersionedCache } from "./versioned-cache";

/**
 * One instance's caches of what organizations rarely change and every request reads: compiled
 * policies (each activity's round), IP allowlists (each request), MFA policies (each submission) and
 * smart contract interfaces (each round over a transaction).
 * Each is keyed by its own version column on the organization row (server/db/schema/organizations.ts).
 */
export interface OrganizationCaches {
  policies: VersionedCache<readonly CompiledPolicy[]>;
  ipAllowlists: VersionedCache<readonly IpAllowlistRow[]>;
  mfaPolicies: VersionedCache<readonly MfaPolicyRow[]>;
  contractInterfaces: VersionedCache<readonly ContractInterface[]>;
}

/** Bounds in organizations: a thousand busy ones stay warm; an idle one costs one query when it returns. */
const LIMIT = 1_000;

export function createOrganizationCaches(): OrganizationCaches {
  return {
    policies: new VersionedCache(LIMIT),
    ipAllowlists: new VersionedCache(LIMIT),
    mfaPolicies: new VersionedCache(LIMIT),
    contractInterfaces: new VersionedCache(LIMIT),
  };
}
