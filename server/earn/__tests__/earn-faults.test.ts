import { encodeFunctionData, parseUnits } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { sendFromDevnetAccount } from "../../chains/evm/seed-devnet";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { type SendScene, startSendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { FEE_WRAPPER } from "../contracts";
import { earnOperator, LOCAL_VAULTS } from "../local-world";
import { EARN_JOB_HANDLERS } from "../operator-send";

/** spec.md Earn's bad input and faults (issue 17 §5): a clear 4xx, or a FAILED status with the reason. */
const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;
const vault = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;
let s: SendScene;
let wrapperAddress: string;
type Answer = { activity: TActivity; message: string };

const submit = (path: string, type: string, parameters: Record<string, unknown>) =>
  s.submit(path, type, parameters) as Promise<{ status: number; body: Answer }>;
const result = <T>(answer: { body: Answer }, key: string) =>
  (answer.body.activity.result as Record<string, T>)[key]!;
const query = <T>(path: string, body: Record<string, unknown>) =>
  s.t.call<T & { message: string }>(
    "query",
    path,
    { organizationId: s.org.organizationId, ...body },
    s.org.key,
  );
const deposit = (parameters: Record<string, unknown>) =>
  submit("earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
    wrapperAddress,
    signWith: s.from,
    chainCaip2: CAIP2,
    ...parameters,
  });
const withdraw = (parameters: Record<string, unknown>) =>
  submit("earn_withdraw", "ACTIVITY_TYPE_EARN_WITHDRAW", {
    wrapperAddress,
    signWith: s.from,
    chainCaip2: CAIP2,
    ...parameters,
  });

/** Work the queue as the server's worker does until `path`'s status leaves PENDING. */
async function settle(path: string, idKey: string, id: string) {
  for (let round = 0; round < 30; round++) {
    await runDueJobs(s.t.app, { ...SEND_JOB_HANDLERS, ...EARN_JOB_HANDLERS });
    const { body } = await query<{ status: string; error?: string }>(path, { [idKey]: id });
    if (body.status !== "PENDING") return body;
    s.t.clock.advance(1_000);
  }
  throw new Error(`${path} ${id} stayed PENDING`);
}

beforeAll(async () => {
  s = await startSendScene();
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
  expect(deployed.status, JSON.stringify(deployed.body)).toBe(200);
  const { wrapperAddress: address, deployRequestId } = result<{
    wrapperAddress: string;
    deployRequestId: string;
  }>(deployed, "earnDeployWrapperResult") as unknown as { wrapperAddress: string; deployRequestId: string };
  wrapperAddress = address;
  expect(await settle("get_earn_deploy_status", "deployRequestId", deployRequestId)).toMatchObject({
    status: "COMPLETED",
  });
  await faucetCall(s.t, CAIP2, [s.from, `${CAIP2}/erc20:${USDC.address}`, parseUnits("500", 6).toString()]);
}, 120_000);
afterAll(async () => s?.close());

describe("Earn refuses bad input with a clear 4xx, writing nothing", () => {
  it("amounts that are zero, negative or not whole numbers", async () => {
    for (const assets of ["0", "-1", "1.5", "abc"]) {
      const answer = await deposit({ assets });
      expect(answer.status, assets).toBe(400);
      expect(answer.body.message).toMatch(/assets/);
    }
    expect((await withdraw({ amountValue: "0" })).status).toBe(400);
  });

  it("above the balance, above the position", async () => {
    const tooMuch = await deposit({ assets: parseUnits("501", 6).toString() });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.message).toMatch(/above the balance .* 500000000 base units/);
    const nothing = await withdraw({ amountValue: "1" });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toMatch(/holds no position/);
  });

  it("an unknown wrapper or vault, and a fee wallet or account that is not the organization's", async () => {
    const stranger = "0x000000000000000000000000000000000000dEaD";
    const unknownWrapper = await deposit({ wrapperAddress: stranger, assets: "1" });
    expect(unknownWrapper.status).toBe(404);
    expect(unknownWrapper.body.message).toMatch(/not an Earn wrapper of this organization/);
    const unknownVault = await submit("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: stranger,
      chainCaip2: CAIP2,
      clientFeeBps: "10",
      clientFeeWallet: s.from,
    });
    expect(unknownVault.status).toBe(404);
    expect(unknownVault.body.message).toMatch(/not in the Earn catalog/);
    const foreignWallet = await submit("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
      vaultAddress: vault.address,
      chainCaip2: CAIP2,
      clientFeeBps: "10",
      clientFeeWallet: stranger,
    });
    expect(foreignWallet.status).toBe(400);
    expect(foreignWallet.body.message).toMatch(
      /clientFeeWallet .* not an Ethereum wallet account of this organization/,
    );
    const foreignAccount = await deposit({ signWith: stranger, assets: "1" });
    expect(foreignAccount.status).toBe(404);
    const other = await s.t.newOrganization("Other");
    const theirs = await s.t.call(
      "query",
      "list_earn_enabled_vaults",
      { organizationId: other.organizationId },
      other.key,
    );
    expect(theirs.status).toBe(400);
    expect(JSON.stringify(theirs.body)).toMatch(/FEATURE_NAME_EARN_CONFIG/);
  });

  it("a paused wrapper refuses deposits; the chain's revert becomes a FAILED status with its reason", async () => {
    const accepted = await deposit({ assets: parseUnits("100", 6).toString() });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const depositRequestId = result<string>(accepted, "earnDepositResult") as unknown as {
      depositRequestId: string;
    };
    // Paused on the chain behind Latchkey's back, after the deposit was accepted: the chain refuses it.
    const client = await s.t.app.chains.rpc(CAIP2);
    await sendFromDevnetAccount(client, 1, earnOperator, {
      to: wrapperAddress as `0x${string}`,
      data: encodeFunctionData({ abi: FEE_WRAPPER.abi, functionName: "setDepositsPaused", args: [true] }),
    });
    const failed = await settle(
      "get_earn_deposit_status",
      "depositRequestId",
      depositRequestId.depositRequestId,
    );
    expect(failed).toMatchObject({ status: "FAILED", error: expect.stringMatching(/DepositsArePaused/) });
    const paused = await submit("earn_set_wrapper_state", "ACTIVITY_TYPE_EARN_SET_WRAPPER_STATE", {
      wrapperAddress,
      depositsDisabled: true,
    });
    expect(paused.status).toBe(200);
    const refused = await deposit({ assets: "1" });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/paused/);
  });
});

describe("several deployments of one vault (Earn rule 5)", () => {
  it("back to back, each is told its own address; only the newest takes deposits", async () => {
    const deploy = () =>
      submit("earn_deploy_wrapper", "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER", {
        vaultAddress: vault.address,
        chainCaip2: CAIP2,
        clientFeeBps: "3000",
        clientFeeWallet: s.from,
      });
    const answers = [await deploy(), await deploy(), await deploy()];
    const told = answers.map((a) => {
      expect(a.status, JSON.stringify(a.body)).toBe(200);
      return result<string>(a, "earnDeployWrapperResult") as unknown as {
        wrapperAddress: string;
        deployRequestId: string;
      };
    });
    for (const d of told) {
      expect(await settle("get_earn_deploy_status", "deployRequestId", d.deployRequestId)).toMatchObject({
        status: "COMPLETED",
      });
    }
    const { body } = await query<{ enabledVaults: { wrapperAddress: string }[] }>(
      "list_earn_enabled_vaults",
      {},
    );
    expect(body.enabledVaults.map((v) => v.wrapperAddress)).toEqual([
      ...told.map((d) => d.wrapperAddress).reverse(),
      wrapperAddress,
    ]);
    const older = await deposit({ wrapperAddress: told[0]!.wrapperAddress, assets: "1" });
    expect(older.status).toBe(400);
    expect(older.body.message).toContain(`replaced by ${told[2]!.wrapperAddress}`);
  });
});
