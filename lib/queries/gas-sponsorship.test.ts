import { describe, expect, it } from "vitest";
import { ZUpsertGasUsageConfigParams } from "@/lib/api/gas-sponsorship";
import { gasSponsorshipDraft, ZGasSponsorshipForm } from "./gas-sponsorship";

const NONE = {
  source: "NONE",
  enabled: false,
  orgWindowLimitUsd: "0",
  subOrgWindowLimitUsd: "0",
  windowDurationMinutes: 1440,
  solanaRentPrefundEnabled: false,
  usageUsd: "0",
  windowLimitUsd: "0",
} as const;

describe("the gas sponsorship form sends what upsert_gas_usage_config accepts", () => {
  it("starts from the configuration in force and sends every field, an empty gas station as a clearing ''", () => {
    const draft = gasSponsorshipDraft({
      ...NONE,
      evmGasStationAddress: "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B",
    });
    const params = ZGasSponsorshipForm.parse({ ...draft, enabled: true, orgWindowLimitUsd: " 25.5 " });
    expect(params).toEqual({
      enabled: true,
      orgWindowLimitUsd: "25.5",
      subOrgWindowLimitUsd: "0",
      windowDurationMinutes: "1440",
      evmGasStationAddress: "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B",
      solanaGasStationAddress: "",
    });
    expect(ZUpsertGasUsageConfigParams.safeParse(params).success).toBe(true);
  });

  it("refuses a limit that is not a USD amount and a window beyond 30 days, on their fields", () => {
    const draft = gasSponsorshipDraft(NONE);
    const refused = ZGasSponsorshipForm.safeParse({
      ...draft,
      orgWindowLimitUsd: "-1",
      windowDurationMinutes: "43201",
    });
    expect(refused.success).toBe(false);
    expect(refused.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["orgWindowLimitUsd", "must be a non-negative USD amount such as 25 or 12.5 (at most 6 decimals)"],
      ["windowDurationMinutes", "must be between 1 and 43200 minutes"],
    ]);
  });
});
