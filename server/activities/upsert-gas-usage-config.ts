import { eq } from "drizzle-orm";
import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZUpsertGasUsageConfigParams } from "@/lib/api/gas-sponsorship";
import type { Tx } from "../db/client";
import { gasUsageConfigs } from "../db/schema";
import { invalid } from "../errors";
import { findOwnConfig } from "../gas-station/config";
import { newId } from "../ids";
import { findSignerSource } from "../sign-with/signer-source";
import type { Curve } from "../signer/types";
import { defineActivity } from "./define";

const STATION_CURVE: Record<
  "evmGasStationAddress" | "solanaGasStationAddress",
  { curve: Curve; what: string }
> = {
  evmGasStationAddress: { curve: "CURVE_SECP256K1", what: "an Ethereum (secp256k1)" },
  solanaGasStationAddress: { curve: "CURVE_ED25519", what: "a Solana (ed25519)" },
};

/** A gas station must be an address (not a key id) of this organization's own, on the family's curve. */
async function checkStation(
  tx: Tx,
  organizationId: string,
  field: keyof typeof STATION_CURVE,
  address: string | undefined,
): Promise<string | null | undefined> {
  if (address === undefined) return undefined;
  if (address === "") return null;
  const source = await findSignerSource(tx, organizationId, address);
  const { curve, what } = STATION_CURVE[field];
  if (!source || (source.kind === "PRIVATE_KEY" && address === source.privateKeyId)) {
    throw invalid(`${address} is not a wallet account or private key address of this organization`, field);
  }
  if (source.curve !== curve) throw invalid(`${address} is not ${what} account`, field);
  return address;
}

/**
 * upsert_gas_usage_config: whether this organization sponsors gas, from which of its own accounts
 * (Latchkey's `evmGasStationAddress` / `solanaGasStationAddress`), and its rolling USD limits for
 * its own sends and for each sub-organization's. Omitted fields keep their value; a new
 * configuration starts disabled with $0 limits, so nothing is paid for until someone says how much.
 */
export const upsertGasUsageConfig = defineActivity({
  path: "upsert_gas_usage_config",
  // The reference defines the intent and type but publishes no path for it.
  latchkeyExtension: true,
  type: ACTIVITY_TYPES.upsert_gas_usage_config,
  resource: "CONFIG",
  action: "UPDATE",
  intentKey: "upsertGasUsageConfigIntent",
  resultKey: "upsertGasUsageConfigResult",
  summary:
    "Set the organization's gas sponsorship: on or off, its gas station accounts and its rolling USD limits (root quorum only)",
  rootQuorumOnly: true,
  describe: (p) =>
    `${p.enabled === false ? "Turn off" : "Configure"} gas sponsorship${p.orgWindowLimitUsd ? `: up to $${p.orgWindowLimitUsd} per ${p.windowDurationMinutes ?? "?"} minutes` : ""}`,
  params: ZUpsertGasUsageConfigParams,
  result: z.object({ gasUsageConfigId: z.string() }),
  async execute({ tx, organization, now }, params) {
    const evm = await checkStation(tx, organization.id, "evmGasStationAddress", params.evmGasStationAddress);
    const solana = await checkStation(
      tx,
      organization.id,
      "solanaGasStationAddress",
      params.solanaGasStationAddress,
    );
    const changes = {
      ...(params.enabled !== undefined ? { enabled: params.enabled } : {}),
      ...(params.orgWindowLimitUsd !== undefined ? { orgWindowLimitUsd: params.orgWindowLimitUsd } : {}),
      ...(params.subOrgWindowLimitUsd !== undefined
        ? { subOrgWindowLimitUsd: params.subOrgWindowLimitUsd }
        : {}),
      ...(params.windowDurationMinutes !== undefined
        ? { windowDurationMinutes: Number(params.windowDurationMinutes) }
        : {}),
      ...(evm !== undefined ? { evmGasStationAddress: evm } : {}),
      ...(solana !== undefined ? { solanaGasStationAddress: solana } : {}),
      ...(params.solanaConfig?.rentPrefundEnabled !== undefined
        ? { solanaRentPrefundEnabled: params.solanaConfig.rentPrefundEnabled }
        : {}),
    };
    const existing = await findOwnConfig(tx, organization.id);
    if (existing) {
      await tx
        .update(gasUsageConfigs)
        .set({ ...changes, updatedAt: now })
        .where(eq(gasUsageConfigs.id, existing.id));
      return { gasUsageConfigId: existing.id };
    }
    const id = newId(now.getTime());
    await tx.insert(gasUsageConfigs).values({
      id,
      organizationId: organization.id,
      enabled: false,
      orgWindowLimitUsd: "0",
      subOrgWindowLimitUsd: "0",
      windowDurationMinutes: 1440,
      solanaRentPrefundEnabled: false,
      ...changes,
      createdAt: now,
      updatedAt: now,
    });
    return { gasUsageConfigId: id };
  },
});
