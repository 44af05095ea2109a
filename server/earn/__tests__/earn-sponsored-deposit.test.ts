import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TEarnPosition } from "@/lib/api/earn-wrappers";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { accountsScene, type Org } from "../../sends/__tests__/accounts-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp, type TestApp } from "../../testing/harness";
import { LOCAL_VAULTS } from "../local-world";
import { EARN_JOB_HANDLERS } from "../operator-send";

/**
 * earn_deposit with `sponsor: true` (issue 17, section 3): an account holding no ETH at all deposits;
 * the organization's gas station pays the one transaction, the account's ETH stays zero, and the
 * position is there. Without `sponsor`, the same empty account cannot pay and the deposit says so.
 */
const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;
const vault = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;
const HANDLERS = { ...SEND_JOB_HANDLERS, ...EARN_JOB_HANDLERS };
let t: TestApp;
let org: Org;
let gasStation: `0x${string}`;
let wrapperAddress: string;
const scene = accountsScene(() => t, CAIP2);
const { submit, account, balance } = scene;

const query = <T>(path: string, body: Record<string, unknown>) =>
  t.call<T & { message: string }>("query", path, { organizationId: org.organizationId, ...body }, org.key);
async function settle(path: string, idKey: string, id: string) {
  for (let round = 0; round < 30; round++) {
    await runDueJobs(t.app, HANDLERS);
    const { body } = await query<{ status: string; error?: string }>(path, { [idKey]: id });
    if (body.status !== "PENDING") return body;
    t.clock.advance(1_000);
  }
  throw new Error(`${path} ${id} stayed PENDING`);
}
const result = (answer: Awaited<ReturnType<typeof submit>>) => {
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.activity.result as Record<string, Record<string, string>>;
};
const deposit = (signWith: string, sponsor: boolean) =>
  submit(org, "earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
    wrapperAddress,
    signWith,
    chainCaip2: CAIP2,
    assets: parseUnits("250", 6).toString(),
    ...(sponsor ? { sponsor } : {}),
  });

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Sponsored saver");
  gasStation = await account(org, "10");
  result(
    await submit(org, "upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
      enabled: true,
      evmGasStationAddress: gasStation,
      orgWindowLimitUsd: "50",
      subOrgWindowLimitUsd: "50",
      windowDurationMinutes: "60",
    }),
  );
  result(
    await submit(org, "set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
      name: "FEATURE_NAME_EARN_CONFIG",
      value: "",
    }),
  );
  const deployed = result(
    await submit(org, "earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: vault.address,
      chainCaip2: CAIP2,
      clientFeeBps: "1000",
      clientFeeWallet: gasStation,
    }),
  ).earnDeployWrapperResult!;
  wrapperAddress = deployed.wrapperAddress!;
  const status = await settle("get_earn_deploy_status", "deployRequestId", deployed.deployRequestId!);
  expect(status.status, status.error).toBe("COMPLETED");
}, 120_000);
afterAll(async () => t?.close());

describe("a sponsored Earn deposit", () => {
  it("is paid by the gas station: the account, holding no ETH, deposits and still holds none", async () => {
    const user = await account(org);
    await faucetCall(t, CAIP2, [user, `${CAIP2}/erc20:${USDC.address}`, parseUnits("250", 6).toString()]);
    expect(await balance(user)).toBe(0n);
    const stationBefore = await balance(gasStation);

    const id = result(await deposit(user, true)).earnDepositResult!.depositRequestId!;
    const status = await settle("get_earn_deposit_status", "depositRequestId", id);
    expect(status.status, status.error).toBe("COMPLETED");

    expect(await balance(user)).toBe(0n);
    expect(await balance(gasStation)).toBeLessThan(stationBefore);
    const { body } = await query<{ positions: TEarnPosition[] }>("list_earn_positions", {
      walletAddress: user,
    });
    expect(body.positions).toHaveLength(1);
    expect(BigInt(body.positions[0]!.currentValue)).toBeGreaterThanOrEqual(parseUnits("250", 6) - 1n);
  });

  it("without sponsor, the same empty account cannot pay: the deposit ends FAILED saying why, and no position exists", async () => {
    const user = await account(org);
    await faucetCall(t, CAIP2, [user, `${CAIP2}/erc20:${USDC.address}`, parseUnits("250", 6).toString()]);
    // Accepted (the balance of gas is the chain's to judge), then FAILED with the node's reason.
    const id = result(await deposit(user, false)).earnDepositResult!.depositRequestId!;
    const status = await settle("get_earn_deposit_status", "depositRequestId", id);
    expect(status.status).toBe("FAILED");
    expect(status.error).toMatch(/fund|gas|balance/i);
    const { body } = await query<{ positions: TEarnPosition[] }>("list_earn_positions", {
      walletAddress: user,
    });
    expect(body.positions).toEqual([]);
  });
});
