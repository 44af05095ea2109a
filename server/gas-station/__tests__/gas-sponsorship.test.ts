import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { chainInfo } from "@/lib/api/chains";
import { ConfigError, loadConfig } from "../../config";
import { newApiKey, startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { feeInUsdMicros, formatUsd, parseUsdPrices } from "../prices";
import { assertSponsorBudget, recordSponsoredSpend, requireSponsor } from "../sponsor";

/** upsert_gas_usage_config, get_gas_usage, get_gas_sponsorship and the sponsor rules sends rely on. */

type Org = { organizationId: string; userId: string; key: TestKey };
let t: TestApp;
let org: Org;
let evmAddress: string;
let solanaAddress: string;

const submit = (path: string, type: string, params: unknown, who: Org = org) =>
  t.call<{ activity: TActivity; message: string; details?: { fieldViolations?: { field: string }[] }[] }>(
    "submit",
    path,
    t.activity(type, who.organizationId, params),
    who.key,
  );
const upsert = (params: Record<string, unknown>, who: Org = org) =>
  submit("upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", params, who);
const ask = <T = Record<string, unknown>>(path: string, who: Org = org) =>
  t.call<T>("query", path, { organizationId: who.organizationId }, who.key);

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Sponsor");
  const created = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: "Gas",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
      {
        curve: "CURVE_ED25519",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/501'/0'/0'",
        addressFormat: "ADDRESS_FORMAT_SOLANA",
      },
    ],
  });
  [evmAddress, solanaAddress] = (
    created.body.activity.result as { createWalletResult: { addresses: string[] } }
  ).createWalletResult.addresses as [string, string];
});
afterAll(async () => t?.close());

describe("upsert_gas_usage_config", () => {
  it("starts as nothing configured: get_gas_usage shows a $0 limit and sends cannot be sponsored", async () => {
    expect((await ask("get_gas_usage")).body).toEqual({
      windowDurationMinutes: 1440,
      windowLimitUsd: "0",
      usageUsd: "0",
    });
    await expect(requireSponsor(t.app.db, org.organizationId, "evm")).rejects.toThrow(
      /not set up.*upsert_gas_usage_config/,
    );
  });

  it("refuses a gas station that is not this organization's address on the family's curve, writing nothing", async () => {
    const stranger = await t.newOrganization("Stranger");
    for (const [params, field, message] of [
      [
        { evmGasStationAddress: "0x000000000000000000000000000000000000dEaD" },
        "evmGasStationAddress",
        /not a wallet account/,
      ],
      [{ evmGasStationAddress: solanaAddress }, "evmGasStationAddress", /not an Ethereum/],
      [{ solanaGasStationAddress: evmAddress }, "solanaGasStationAddress", /not a Solana/],
      [{ orgWindowLimitUsd: "-1" }, "orgWindowLimitUsd", /USD amount/],
      [{ windowDurationMinutes: "43201" }, "windowDurationMinutes", /43200/],
    ] as const) {
      const response = await upsert(params);
      expect(response.status, JSON.stringify(response.body)).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(message);
      expect(JSON.stringify(response.body)).toContain(field);
    }
    // Another organization cannot name this one's accounts as its gas station.
    expect((await upsert({ evmGasStationAddress: evmAddress }, stranger)).status).toBe(400);
    expect((await ask<{ source: string }>("get_gas_sponsorship")).body.source).toBe("NONE");
  });

  it("sets gas stations, limits and the window; omitted fields keep their values", async () => {
    const first = await upsert({
      enabled: true,
      orgWindowLimitUsd: "25.5",
      subOrgWindowLimitUsd: "2",
      windowDurationMinutes: "60",
      evmGasStationAddress: evmAddress,
      solanaGasStationAddress: solanaAddress,
    });
    expect(first.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const id = (first.body.activity.result as { upsertGasUsageConfigResult: { gasUsageConfigId: string } })
      .upsertGasUsageConfigResult.gasUsageConfigId;
    const second = await upsert({ subOrgWindowLimitUsd: "3" });
    expect(second.body.activity.result).toEqual({ upsertGasUsageConfigResult: { gasUsageConfigId: id } });
    expect((await ask("get_gas_sponsorship")).body).toMatchObject({
      source: "OWN",
      sponsorOrganizationId: org.organizationId,
      enabled: true,
      orgWindowLimitUsd: "25.5",
      subOrgWindowLimitUsd: "3",
      windowDurationMinutes: 60,
      evmGasStationAddress: evmAddress,
      solanaGasStationAddress: solanaAddress,
    });
    expect((await ask("get_gas_usage")).body).toEqual({
      windowDurationMinutes: 60,
      windowLimitUsd: "25.5",
      usageUsd: "0",
    });
    expect(await requireSponsor(t.app.db, org.organizationId, "svm")).toMatchObject({
      address: solanaAddress,
    });
  });

  it("is for the root quorum only: a member with an allow-everything policy is refused", async () => {
    const key = newApiKey();
    const users = await submit("create_users", "ACTIVITY_TYPE_CREATE_USERS_V4", {
      users: [
        {
          userName: "member",
          userTags: [],
          apiKeys: [{ apiKeyName: "k", publicKey: key.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
    });
    const userId = (users.body.activity.result as { createUsersResult: { userIds: string[] } })
      .createUsersResult.userIds[0]!;
    await submit("create_policy", "ACTIVITY_TYPE_CREATE_POLICY_V3", {
      policyName: "allow member",
      effect: "EFFECT_ALLOW",
      consensus: `approvers.any(user, user.id == '${userId}')`,
      condition: "true",
    });
    const refused = await upsert({ enabled: false }, { organizationId: org.organizationId, userId, key });
    expect(refused.status).toBe(403);
    expect((await ask<{ enabled: boolean }>("get_gas_sponsorship")).body.enabled).toBe(true);
  });

  it("governs sub-organizations by the parent's per-sub-organization limit", async () => {
    const subKey = newApiKey();
    const made = await submit("create_sub_organization", "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8", {
      subOrganizationName: "Customer",
      rootQuorumThreshold: 1,
      rootUsers: [
        {
          userName: "customer",
          apiKeys: [{ apiKeyName: "k", publicKey: subKey.publicKey, curveType: "API_KEY_CURVE_P256" }],
          authenticators: [],
          oauthProviders: [],
        },
      ],
    });
    const sub = (
      made.body.activity.result as {
        createSubOrganizationResultV8: { subOrganizationId: string; rootUserIds: string[] };
      }
    ).createSubOrganizationResultV8;
    const customer = { organizationId: sub.subOrganizationId, userId: sub.rootUserIds[0]!, key: subKey };
    expect((await ask("get_gas_sponsorship", customer)).body).toMatchObject({
      source: "PARENT",
      sponsorOrganizationId: org.organizationId,
      windowLimitUsd: "3",
      evmGasStationAddress: evmAddress,
    });
    const sponsor = await requireSponsor(t.app.db, customer.organizationId, "evm");
    expect(sponsor.limitUsdMicros).toBe(3_000_000n);

    // Spend is counted per sponsored organization, once per send, inside the window only.
    const now = t.clock.now();
    const spend = {
      sponsorOrganizationId: org.organizationId,
      organizationId: customer.organizationId,
      caip2: "eip155:1",
      feeBaseUnits: 1n,
    };
    await recordSponsoredSpend(t.app.db, now, { ...spend, sendId: "send-1", usdMicros: 2_500_000n });
    await recordSponsoredSpend(t.app.db, now, { ...spend, sendId: "send-1", usdMicros: 2_500_000n });
    await recordSponsoredSpend(t.app.db, new Date(now.getTime() - 61 * 60_000), {
      ...spend,
      sendId: "old",
      usdMicros: 9_000_000n,
    });
    expect((await ask("get_gas_usage", customer)).body).toEqual({
      windowDurationMinutes: 60,
      windowLimitUsd: "3",
      usageUsd: "2.5",
    });
    expect((await ask("get_gas_usage")).body).toMatchObject({ usageUsd: "0" });
    await assertSponsorBudget(t.app.db, now, sponsor, customer.organizationId, 400_000n);
    await expect(
      assertSponsorBudget(t.app.db, now, sponsor, customer.organizationId, 600_000n),
    ).rejects.toThrow(
      /limit reached: \$2\.5 of \$3 used in the last 60 minutes, and this send may cost up to \$0\.6/,
    );
  });

  it("refuses a disabled sponsorship and a family without a gas station, naming what to set", async () => {
    await upsert({ enabled: false });
    await expect(requireSponsor(t.app.db, org.organizationId, "evm")).rejects.toThrow(/disabled/);
    await upsert({ enabled: true, solanaGasStationAddress: "" });
    await expect(requireSponsor(t.app.db, org.organizationId, "svm")).rejects.toThrow(
      /no Solana gas station: set solanaGasStationAddress/,
    );
  });
});

describe("USD prices", () => {
  it("count fees at LATCHKEY_USD_PRICES, rounding up, and refuse a malformed entry", () => {
    const prices = parseUsdPrices("ETH=2000, SOL=100.5");
    expect(feeInUsdMicros(prices, chainInfo("eip155:1")!, 10n ** 15n)).toBe(2_000_000n); // 0.001 ETH = $2
    expect(feeInUsdMicros(prices, chainInfo("solana:devnet")!, 5000n)).toBe(503n); // 5000 lamports, rounded up
    expect(formatUsd(2_500_000n)).toBe("2.5");
    expect(formatUsd(1n)).toBe("0.000001");
    expect(() => loadConfig({ LATCHKEY_USD_PRICES: "ETH" })).toThrow(ConfigError);
    expect(loadConfig({}).usdPrices.ETH).toBe(3_000_000_000n);
  });
});
