import { eq } from "drizzle-orm";
import { parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TEarnPositionSample, TEarnVaultSample } from "@/lib/api/earn-samples";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { earnPositionSamples, earnSamples, jobs } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp } from "../../testing/harness";
import { LOCAL_VAULTS } from "../local-world";
import { EARN_JOB_HANDLERS } from "../operator-send";
import { EARN_SAMPLE_JOB_HANDLERS, EARN_SAMPLES_JOB, ensureEarnSampling } from "../samples";

/**
 * The earn-samples job on the local eip155:1 devnet: it records each enabled vault's gross and net
 * APY and TVL every interval, the values follow chain time, old samples go after the retention, and
 * list_earn_vault_samples serves them to the organization that owns the wrapper only. The same job
 * samples each wallet's position (list_earn_position_samples), with the same retention.
 */
const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;
const vault = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;
const INTERVAL_S = 60;
const HANDLERS = { ...SEND_JOB_HANDLERS, ...EARN_JOB_HANDLERS, ...EARN_SAMPLE_JOB_HANDLERS };
let s: SendScene;
let wrapperAddress: string;
type Answer = { activity: TActivity; message: string };
type Samples = {
  samples: TEarnVaultSample[];
  intervalSeconds: number;
  symbol: string;
  decimals: number;
  message: string;
};

const submit = async (path: string, type: string, parameters: Record<string, unknown>) => {
  const answer = (await s.submit(path, type, parameters)) as { status: number; body: Answer };
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.activity.result as Record<string, Record<string, string>>;
};
const query = <T>(path: string, body: Record<string, unknown>) =>
  s.t.call<T & { message: string }>(
    "query",
    path,
    { organizationId: s.org.organizationId, ...body },
    s.org.key,
  );
const samples = (body: Record<string, unknown> = {}) =>
  query<Samples>("list_earn_vault_samples", { wrapperAddress, ...body });

/** Work the queue as the server's worker does until `path`'s status leaves PENDING. */
async function settle(path: string, idKey: string, id: string) {
  for (let round = 0; round < 30; round++) {
    await runDueJobs(s.t.app, HANDLERS);
    const { body } = await query<{ status: string }>(path, { [idKey]: id });
    if (body.status !== "PENDING") return body;
    s.t.clock.advance(1_000);
  }
  throw new Error(`${path} ${id} stayed PENDING`);
}
const storedSamples = () => s.t.app.db.select().from(earnSamples);
type PositionSamples = { samples: TEarnPositionSample[]; walletAddress: string; symbol: string };
const positionSamples = (body: Record<string, unknown> = {}) =>
  query<PositionSamples>("list_earn_position_samples", { wrapperAddress, walletAddress: s.from, ...body });

beforeAll(async () => {
  const t = await startTestApp({
    env: {
      LATCHKEY_EARN_SAMPLE_INTERVAL_SECONDS: String(INTERVAL_S),
      LATCHKEY_EARN_SAMPLE_RETENTION_DAYS: "1",
    },
  });
  s = await sendScene(t);
}, 120_000);
afterAll(async () => s?.close());

describe("earn-samples job", () => {
  it("exists once however often it is asked for, and samples nothing while no vault is enabled", async () => {
    await ensureEarnSampling(s.t.app);
    await ensureEarnSampling(s.t.app);
    const rows = await s.t.app.db.select().from(jobs).where(eq(jobs.kind, EARN_SAMPLES_JOB));
    expect(rows).toHaveLength(1);
    await runDueJobs(s.t.app, HANDLERS);
    expect(await storedSamples()).toEqual([]);
    const refused = await samples({ wrapperAddress: vault.address });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/FEATURE_NAME_EARN_CONFIG/);
  });

  it("samples an enabled vault: gross and net APY, the wrapper's deposits and the vault's TVL with USD", async () => {
    await submit("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
      name: "FEATURE_NAME_EARN_CONFIG",
      value: "",
    });
    const deployed = await submit("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: vault.address,
      chainCaip2: CAIP2,
      clientFeeBps: "1000",
      clientFeeWallet: s.from,
    });
    wrapperAddress = deployed.earnDeployWrapperResult!.wrapperAddress!;
    const deployId = deployed.earnDeployWrapperResult!.deployRequestId!;
    expect(await settle("get_earn_deploy_status", "deployRequestId", deployId)).toMatchObject({
      status: "COMPLETED",
    });
    await faucetCall(s.t, CAIP2, [
      s.from,
      `${CAIP2}/erc20:${USDC.address}`,
      parseUnits("1000", 6).toString(),
    ]);
    const deposited = await submit("earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
      wrapperAddress,
      signWith: s.from,
      chainCaip2: CAIP2,
      assets: parseUnits("1000", 6).toString(),
    });
    const depositId = deposited.earnDepositResult!.depositRequestId!;
    expect(await settle("get_earn_deposit_status", "depositRequestId", depositId)).toMatchObject({
      status: "COMPLETED",
    });

    // The empty round asked to run again an interval later: that is when this vault is sampled.
    s.t.clock.advance(INTERVAL_S * 1000);
    await runDueJobs(s.t.app, HANDLERS);
    const first = await samples();
    expect(first.status, first.body.message).toBe(200);
    expect(first.body).toMatchObject({ intervalSeconds: INTERVAL_S, symbol: "USDC", decimals: 6 });
    expect(first.body.samples).toHaveLength(1);
    // 6.50% gross; fees 1000 + 500 bps: 6.5% × 0.85 = 5.525%.
    expect(first.body.samples[0]).toMatchObject({ apyPct: "0.0650", netApyPct: "0.05525" });
    const [sample] = first.body.samples;
    expect(BigInt(sample!.totalDeposited)).toBeGreaterThanOrEqual(parseUnits("1000", 6) - 1n);
    expect(BigInt(sample!.vaultTvl)).toBeGreaterThan(BigInt(sample!.totalDeposited));
    expect(Number(sample!.totalDepositedUsd)).toBeCloseTo(1000, 0);
    expect(Number(sample!.sampledAtMs)).toBe(s.t.clock.now().getTime());

    // The depositor's position, sampled in the same round: its 1000 USDC, rounding at most 1 wei
    // against it, with its USD value.
    const mine = await positionSamples();
    expect(mine.status, mine.body.message).toBe(200);
    expect(mine.body).toMatchObject({ symbol: "USDC", walletAddress: s.from });
    expect(mine.body.samples).toHaveLength(1);
    const [position] = mine.body.samples;
    expect(BigInt(position!.currentValue)).toBeGreaterThanOrEqual(parseUnits("1000", 6) - 1n);
    expect(BigInt(position!.currentValue)).toBeLessThanOrEqual(parseUnits("1000", 6));
    expect(BigInt(position!.shares)).toBeGreaterThan(0n);
    expect(Number(position!.currentValueUsd)).toBeCloseTo(1000, 0);
    expect(position!.sampledAtMs).toBe(sample!.sampledAtMs);
  });

  it("samples again only an interval later, and the wrapper's value follows chain time", async () => {
    await runDueJobs(s.t.app, HANDLERS);
    expect(await storedSamples()).toHaveLength(1);
    await s.rpc("evm_increaseTime", [365 * 24 * 3600]);
    await s.rpc("evm_mine", []);
    s.t.clock.advance(INTERVAL_S * 1000);
    await runDueJobs(s.t.app, HANDLERS);
    const { body } = await samples();
    expect(body.samples).toHaveLength(2);
    const [before, after] = body.samples.map((x) => BigInt(x.totalDeposited));
    // A year at the vault's 6.5%: the wrapper's assets (fee shares included, as in
    // list_earn_enabled_vaults' totalDeposited) grow by the gross rate, seconds aside.
    const grown = Number(after! - before!) / Number(before!);
    expect(grown).toBeGreaterThan(0.0649);
    expect(grown).toBeLessThan(0.0652);
    expect(Number(body.samples[1]!.sampledAtMs) - Number(body.samples[0]!.sampledAtMs)).toBe(
      INTERVAL_S * 1000,
    );

    // The position grows by the net rate: 6.5% × (1 − 0.15) = 5.525%, the same shares throughout.
    const position = (await positionSamples()).body.samples;
    expect(position).toHaveLength(2);
    expect(position[1]!.shares).toBe(position[0]!.shares);
    const [was, now] = position.map((x) => BigInt(x.currentValue));
    const net = Number(now! - was!) / Number(was!);
    expect(net).toBeGreaterThan(0.0552);
    expect(net).toBeLessThan(0.0554);
  });

  it("serves a position's samples to its organization only, and names a malformed wallet", async () => {
    const stranger = await positionSamples({ walletAddress: "0x000000000000000000000000000000000000dEaD" });
    expect(stranger.status).toBe(200);
    expect(stranger.body.samples).toEqual([]);
    const bad = await positionSamples({ walletAddress: "0x1234" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/walletAddress/);
    const unknown = await positionSamples({ wrapperAddress: "0x000000000000000000000000000000000000dEaD" });
    expect(unknown.status).toBe(404);
  });

  it("filters by time and count, newest kept, oldest first", async () => {
    const all = (await samples()).body.samples;
    const newest = await samples({ limit: 1 });
    expect(newest.body.samples).toEqual([all[1]]);
    const since = await samples({ sinceMs: all[1]!.sampledAtMs });
    expect(since.body.samples).toEqual([all[1]]);
    const bad = await samples({ limit: 0 });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/limit/);
  });

  it("is the owner's only: another address or organization's wrapper is a 404", async () => {
    const unknown = await samples({ wrapperAddress: "0x000000000000000000000000000000000000dEaD" });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/not an Earn wrapper of this organization/);
  });

  it("drops samples older than the retention", async () => {
    s.t.clock.advance(25 * 3600 * 1000);
    await runDueJobs(s.t.app, HANDLERS);
    const kept = await storedSamples();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.sampledAt.getTime()).toBe(s.t.clock.now().getTime());
    const positions = await s.t.app.db.select().from(earnPositionSamples);
    expect(positions).toHaveLength(1);
    expect(positions[0]!.sampledAt.getTime()).toBe(s.t.clock.now().getTime());
  });

  it("ends a position's line when it is withdrawn in full", async () => {
    const withdrawn = await submit("earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", {
      wrapperAddress,
      signWith: s.from,
      chainCaip2: CAIP2,
      amountValue: "MAX",
    });
    const withdrawId = withdrawn.earnWithdrawResult!.withdrawRequestId!;
    expect(await settle("get_earn_withdraw_status", "withdrawRequestId", withdrawId)).toMatchObject({
      status: "COMPLETED",
    });
    const before = (await positionSamples()).body.samples.length;
    s.t.clock.advance(INTERVAL_S * 1000);
    await runDueJobs(s.t.app, HANDLERS);
    expect((await samples()).body.samples.length).toBe(2);
    expect((await positionSamples()).body.samples).toHaveLength(before);
  });
});
