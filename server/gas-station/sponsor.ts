import { and, eq, gte, sum } from "drizzle-orm";
import type { ChainFamily } from "@/lib/api/chains";
import type { DbOrTx } from "../db/client";
import { sponsoredSpend } from "../db/schema";
import { ApiError, invalid } from "../errors";
import { newId } from "../ids";
import { findGoverningConfig } from "./config";
import { formatUsd, usdToMicros } from "./prices";

/** Who pays for an organization's sponsored send, from which account, within which budget. */
export interface Sponsor {
  sponsorOrganizationId: string;
  /** The gas station: an account of the sponsoring organization, which Latchkey signs with. */
  address: string;
  windowDurationMinutes: number;
  /** The sponsor's own limit for its sends, or its per-sub-organization limit. */
  limitUsdMicros: bigint;
}

const FAMILY_FIELD = { evm: "evmGasStationAddress", svm: "solanaGasStationAddress" } as const;
const FAMILY_NAME = { evm: "EVM", svm: "Solana" } as const;

/**
 * The sponsor of `organizationId`'s sends on a chain family: its own gas sponsorship, else its
 * nearest ancestor's. Refuses clearly — a 400 on `sponsor` naming what to configure — when none
 * is set up, it is disabled, or it has no gas station for this family.
 */
export async function requireSponsor(
  db: DbOrTx,
  organizationId: string,
  family: ChainFamily,
): Promise<Sponsor> {
  const governing = await findGoverningConfig(db, organizationId);
  if (!governing) {
    throw invalid(
      "gas sponsorship is not set up for this organization: its root quorum (or its parent's) sets a gas station with upsert_gas_usage_config",
      "sponsor",
    );
  }
  const { config, own } = governing;
  if (!config.enabled) {
    throw invalid(`gas sponsorship is disabled for organization ${config.organizationId}`, "sponsor");
  }
  const address = config[FAMILY_FIELD[family]];
  if (!address) {
    throw invalid(
      `organization ${config.organizationId} has no ${FAMILY_NAME[family]} gas station: set ${FAMILY_FIELD[family]} with upsert_gas_usage_config`,
      "sponsor",
    );
  }
  return {
    sponsorOrganizationId: config.organizationId,
    address,
    windowDurationMinutes: config.windowDurationMinutes,
    limitUsdMicros: usdToMicros(own ? config.orgWindowLimitUsd : config.subOrgWindowLimitUsd),
  };
}

/** What the sponsor paid for `organizationId`'s sends in the rolling window ending now. */
export async function sponsoredUsageMicros(
  db: DbOrTx,
  now: Date,
  sponsor: Pick<Sponsor, "sponsorOrganizationId" | "windowDurationMinutes">,
  organizationId: string,
): Promise<bigint> {
  const since = new Date(now.getTime() - sponsor.windowDurationMinutes * 60_000);
  const [row] = await db
    .select({ total: sum(sponsoredSpend.usdMicros) })
    .from(sponsoredSpend)
    .where(
      and(
        eq(sponsoredSpend.sponsorOrganizationId, sponsor.sponsorOrganizationId),
        eq(sponsoredSpend.organizationId, organizationId),
        gte(sponsoredSpend.createdAt, since),
      ),
    );
  return BigInt(row?.total ?? 0);
}

/**
 * Refuses a sponsored send that would take the window's usage past the limit. Checked when the
 * send is accepted (estimate 0: is anything left?) and again before it is signed, with its most
 * expensive fee; sends already in flight are not reserved, so a burst can pass the limit by them.
 */
export async function assertSponsorBudget(
  db: DbOrTx,
  now: Date,
  sponsor: Sponsor,
  organizationId: string,
  estimateUsdMicros = 0n,
): Promise<void> {
  const used = await sponsoredUsageMicros(db, now, sponsor, organizationId);
  if (used + estimateUsdMicros > sponsor.limitUsdMicros || used >= sponsor.limitUsdMicros) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "GAS_SPONSORSHIP_LIMIT_REACHED",
      `gas sponsorship limit reached: $${formatUsd(used)} of $${formatUsd(sponsor.limitUsdMicros)} used in the last ${sponsor.windowDurationMinutes} minutes` +
        (estimateUsdMicros > 0n ? `, and this send may cost up to $${formatUsd(estimateUsdMicros)}` : ""),
      { fieldViolations: [{ field: "sponsor", description: "the sponsorship window's USD limit is spent" }] },
    );
  }
}

/** Records what a sponsored send cost, once per send (a retried job records nothing twice). */
export async function recordSponsoredSpend(
  db: DbOrTx,
  now: Date,
  spend: {
    sponsorOrganizationId: string;
    organizationId: string;
    sendId: string;
    caip2: string;
    feeBaseUnits: bigint;
    usdMicros: bigint;
  },
): Promise<void> {
  await db
    .insert(sponsoredSpend)
    .values({
      id: newId(now.getTime()),
      ...spend,
      feeBaseUnits: spend.feeBaseUnits.toString(),
      createdAt: now,
    })
    .onConflictDoNothing({ target: sponsoredSpend.sendId });
}
