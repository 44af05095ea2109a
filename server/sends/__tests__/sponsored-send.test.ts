import { encodeFunctionData, type Hex } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { GAS_STATION_DELEGATE_ADDRESS } from "../../chains/evm/gas-station-delegate";
import { databaseDigest } from "../../testing/db-snapshot";
import { newApiKey, startTestApp, type TestApp } from "../../testing/harness";
import { deploySeededToken, TOKEN_ABI } from "../../testing/seeded-token";
import { accountsScene, type Org } from "./accounts-scene";

/** eth_send_transaction with sponsor: true, through the pipeline, the job queue and the local devnet. */

const CHAIN = "eip155:1";
let t: TestApp;
let sponsorOrg: Org;
let gasStation: Hex;
let token: Hex;
let faucet: Awaited<ReturnType<typeof deploySeededToken>>["faucet"];
const scene = accountsScene(() => t, CHAIN);
const { rpc, submit, account, send, settle, idOf, balance, nonces } = scene;

const transfer = (to: string, amount: bigint) => ({
  to: token,
  data: encodeFunctionData({ abi: TOKEN_ABI, functionName: "transfer", args: [to, amount] }),
});
const tokenBalance = async (who: string) =>
  BigInt(
    await rpc("eth_call", [
      { to: token, data: encodeFunctionData({ abi: TOKEN_ABI, functionName: "balanceOf", args: [who] }) },
      "latest",
    ]),
  );
async function mint(to: string, amount: bigint) {
  const { createWalletClient, http } = await import("viem");
  const url = (await t.app.chains.rpc(CHAIN)).url;
  const chain = {
    id: 1,
    name: "devnet",
    nativeCurrency: { name: "Ether", symbol: "ETH", decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  };
  await createWalletClient({ account: faucet, chain, transport: http(url) }).writeContract({
    address: token,
    abi: TOKEN_ABI,
    functionName: "mint",
    args: [to, amount],
  });
}
const upsert = (org: Org, params: Record<string, unknown>) =>
  submit(org, "upsert_gas_usage_config", "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", params);
const usage = async (org: Org) =>
  (
    await t.call<{ usageUsd: string; windowLimitUsd: string }>(
      "query",
      "get_gas_usage",
      { organizationId: org.organizationId },
      org.key,
    )
  ).body;

beforeAll(async () => {
  t = await startTestApp();
  sponsorOrg = await t.newOrganization("Sponsor");
  gasStation = await account(sponsorOrg, "10");
  const upserted = await upsert(sponsorOrg, {
    enabled: true,
    evmGasStationAddress: gasStation,
    orgWindowLimitUsd: "50",
    subOrgWindowLimitUsd: "50",
    windowDurationMinutes: "60",
  });
  expect(upserted.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  ({ address: token, faucet } = await deploySeededToken((await t.app.chains.rpc(CHAIN)).url, 1));
});
afterAll(async () => t?.close());

describe("sponsored eth_send_transaction", () => {
  it("moves tokens from an account holding no ETH: the gas station pays, the spend is counted, the delegate nonce moves", async () => {
    const user = await account(sponsorOrg);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(user, 1_000n);
    const stationBefore = await balance(gasStation);
    expect(await nonces(sponsorOrg, user)).toEqual({ nonce: "0", gasStationNonce: "0" });

    const res = await send(sponsorOrg, user, { sponsor: true, calls: [transfer(bob, 250n)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const done = await settle(sponsorOrg, idOf(res.body.activity));
    expect(done, JSON.stringify(done)).toMatchObject({ txStatus: "COMPLETED" });

    expect(await tokenBalance(bob)).toBe(250n);
    expect(await balance(user)).toBe(0n);
    expect(await balance(gasStation)).toBeLessThan(stationBefore);
    const mined = await rpc<{ from: string; to: string; type: string }>("eth_getTransactionByHash", [
      done.eth!.txHash,
    ]);
    expect(mined.from.toLowerCase()).toBe(gasStation.toLowerCase());
    expect(mined.to.toLowerCase()).toBe(user.toLowerCase());
    expect(mined.type).toBe("0x4"); // carried the account's first delegation
    expect(await rpc("eth_getCode", [user, "latest"])).toBe(
      `0xef0100${GAS_STATION_DELEGATE_ADDRESS.slice(2).toLowerCase()}`,
    );
    expect(Number((await usage(sponsorOrg)).usageUsd)).toBeGreaterThan(0);
    // The authorization spent the account's nonce; the batch spent the delegate's.
    expect(await nonces(sponsorOrg, user)).toEqual({ nonce: "1", gasStationNonce: "1" });

    // Already delegated: a plain EIP-1559 transaction from the gas station, two calls in order.
    const second = await send(sponsorOrg, user, {
      sponsor: true,
      calls: [transfer(bob, 1n), transfer(bob, 2n)],
    });
    const secondDone = await settle(sponsorOrg, idOf(second.body.activity));
    expect(secondDone.txStatus).toBe("COMPLETED");
    expect((await rpc<{ type: string }>("eth_getTransactionByHash", [secondDone.eth!.txHash])).type).toBe(
      "0x2",
    );
    expect(await tokenBalance(bob)).toBe(253n);
    expect((await nonces(sponsorOrg, user)).gasStationNonce).toBe("2");
    expect(await balance(user)).toBe(0n);
  });

  it("honours a given gasStationNonce and deadline: a used nonce or a passed deadline fails, named", async () => {
    const user = await account(sponsorOrg);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(user, 10n);
    const first = await send(sponsorOrg, user, {
      sponsor: true,
      gasStationNonce: "0",
      calls: [transfer(bob, 1n)],
    });
    expect((await settle(sponsorOrg, idOf(first.body.activity))).txStatus).toBe("COMPLETED");
    const replayed = await send(sponsorOrg, user, {
      sponsor: true,
      gasStationNonce: "0",
      calls: [transfer(bob, 1n)],
    });
    const refused = await settle(sponsorOrg, idOf(replayed.body.activity));
    expect(refused.txStatus).toBe("FAILED");
    // The delegate's own error, decoded and named rather than shown as a bare selector.
    expect(refused.txError).toBe("execution reverted: InvalidNonce(expected: 1, given: 0)");
    expect(refused.error?.eth?.revertChain[0]).toMatchObject({
      errorType: "custom",
      custom: { errorName: "InvalidNonce", paramsJson: JSON.stringify({ expected: "1", given: "0" }) },
    });
    const late = await send(sponsorOrg, user, {
      sponsor: true,
      deadline: "1000",
      calls: [transfer(bob, 1n)],
    });
    expect((await settle(sponsorOrg, idOf(late.body.activity))).txError).toMatch(
      /^execution reverted: DeadlineExpired\(deadline: 1000, timestamp: \d+\)$/,
    );
    expect(await tokenBalance(bob)).toBe(1n);
    expect((await nonces(sponsorOrg, user)).gasStationNonce).toBe("1");
  });

  it("never reads COMPLETED when the account's authorization could not apply: a wrong nonce fails, saying nothing ran", async () => {
    const user = await account(sponsorOrg);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(user, 10n);
    // The account's nonce is 0: an authorization signed at 7 is skipped by the chain, silently.
    const res = await send(sponsorOrg, user, { sponsor: true, nonce: "7", calls: [transfer(bob, 3n)] });
    const failed = await settle(sponsorOrg, idOf(res.body.activity));
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/^nothing ran: .* was not delegated to GasStationDelegate/);
    expect(failed.txError).toContain("authorization (nonce 7) was not applied");
    expect(await tokenBalance(bob)).toBe(0n);
    expect(await rpc("eth_getCode", [user, "latest"])).toBe("0x");
  });

  it("lets the gas station sponsor its own batch: its authorization is signed past its transaction's nonce", async () => {
    const own = await t.newOrganization("Own station");
    const station = await account(own, "1");
    await upsert(own, { enabled: true, evmGasStationAddress: station, orgWindowLimitUsd: "50" });
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(station, 10n);
    const res = await send(own, station, { sponsor: true, calls: [transfer(bob, 4n)] });
    const done = await settle(own, idOf(res.body.activity));
    expect(done, JSON.stringify(done)).toMatchObject({ txStatus: "COMPLETED" });
    expect(await tokenBalance(bob)).toBe(4n);
    expect(await rpc("eth_getCode", [station, "latest"])).toBe(
      `0xef0100${GAS_STATION_DELEGATE_ADDRESS.slice(2).toLowerCase()}`,
    );
  });

  it("refuses once the window's limit is spent: at acceptance (nothing written), and before signing at the highest fee", async () => {
    const user = await account(sponsorOrg);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(user, 10n);
    const used = (await usage(sponsorOrg)).usageUsd;
    expect(Number(used)).toBeGreaterThan(0);

    // Enough left to accept, not enough for the fee the transaction may pay.
    await upsert(sponsorOrg, { orgWindowLimitUsd: (Number(used) + 0.000001).toFixed(6) });
    const accepted = await send(sponsorOrg, user, { sponsor: true, calls: [transfer(bob, 1n)] });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    const refused = await settle(sponsorOrg, idOf(accepted.body.activity));
    expect(refused.txStatus).toBe("FAILED");
    expect(refused.txError).toMatch(/GAS_SPONSORSHIP_LIMIT_REACHED: gas sponsorship limit reached/);
    expect(refused.eth).toEqual({});

    await upsert(sponsorOrg, { orgWindowLimitUsd: used });
    const before = await databaseDigest(t.app);
    const spent = await send(sponsorOrg, user, { sponsor: true, calls: [transfer(bob, 1n)] });
    expect(spent.status).toBe(400);
    expect(JSON.stringify(spent.body)).toContain("GAS_SPONSORSHIP_LIMIT_REACHED");
    expect(spent.body.message).toMatch(/limit reached/);
    expect(await databaseDigest(t.app)).toEqual(before);
    expect(await tokenBalance(bob)).toBe(0n);
    await upsert(sponsorOrg, { orgWindowLimitUsd: "50" });
  });

  it("pays for a sub-organization's send from the parent's gas station, counted against the sub-organization", async () => {
    const subKey = newApiKey();
    const made = await submit(
      sponsorOrg,
      "create_sub_organization",
      "ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8",
      {
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
      },
    );
    const sub = (
      made.body.activity.result as {
        createSubOrganizationResultV8: { subOrganizationId: string; rootUserIds: string[] };
      }
    ).createSubOrganizationResultV8;
    const customer: Org = { organizationId: sub.subOrganizationId, userId: sub.rootUserIds[0]!, key: subKey };
    const user = await account(customer);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    await mint(user, 5n);
    const stationBefore = await balance(gasStation);
    const res = await send(customer, user, { sponsor: true, calls: [transfer(bob, 5n)] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect((await settle(customer, idOf(res.body.activity))).txStatus).toBe("COMPLETED");
    expect(await tokenBalance(bob)).toBe(5n);
    expect(await balance(user)).toBe(0n);
    expect(await balance(gasStation)).toBeLessThan(stationBefore);
    expect(Number((await usage(customer)).usageUsd)).toBeGreaterThan(0);
  });

  it("fails clearly, naming the gas station, when it cannot pay; a revert in the batch reports its reason", async () => {
    const user = await account(sponsorOrg);
    const bob = privateKeyToAccount(generatePrivateKey()).address;
    const reverting = await send(sponsorOrg, user, { sponsor: true, calls: [transfer(bob, 1n)] });
    const failed = await settle(sponsorOrg, idOf(reverting.body.activity));
    expect(failed.txStatus).toBe("FAILED");
    expect(failed.txError).toMatch(/revert/);
    expect(failed.error?.eth?.revertChain[0]?.address?.toLowerCase()).toBe(user.toLowerCase());

    await mint(user, 1n);
    await rpc("anvil_setBalance", [gasStation, "0x0"]);
    const unfunded = await send(sponsorOrg, user, { sponsor: true, calls: [transfer(bob, 1n)] });
    const broke = await settle(sponsorOrg, idOf(unfunded.body.activity));
    expect(broke.txStatus).toBe("FAILED");
    expect(broke.txError).toContain(gasStation);
    expect(broke.txError).toMatch(/fund it/);
  });

  it("refuses sponsor: true with no gas station configured, naming sponsor, and writes nothing", async () => {
    const lonely = await t.newOrganization("No sponsor");
    const user = await account(lonely);
    const before = await databaseDigest(t.app);
    const res = await send(lonely, user, { sponsor: true, calls: [{ to: user, value: "0" }] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/gas sponsorship is not set up/);
    expect(JSON.stringify(res.body)).toContain('"field":"sponsor"');
    expect(await databaseDigest(t.app)).toEqual(before);
  });
});
