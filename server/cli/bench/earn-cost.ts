import { parseUnits } from "viem";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { LOCAL_VAULTS } from "../../earn/local-world";
import type { BenchAnswer } from "./http-client";
import { percentile } from "./load";
import type { SendBench } from "./send-cost";

const CHAIN = "eip155:1";
const SAMPLES = 20;
const WRAPPERS = 50;
const USDC = SEEDED_TOKENS[0]!;
const VAULT = LOCAL_VAULTS.find((v) => v.token === USDC && v.provider === "EARN_PROVIDER_MORPHO")!;

export interface EarnCost {
  /** earn_deposit submitted → get_earn_deposit_status COMPLETED (an EIP-7702 approve + deposit batch). */
  depositConfirmedP50Ms: number;
  depositConfirmedP99Ms: number;
  /** list_earn_enabled_vaults with `wrappers` confirmed wrappers, each read from the chain. */
  enabledVaultsP50Ms: number;
  enabledVaultsP99Ms: number;
  wrappers: number;
  samples: number;
}

async function timed(run: () => Promise<void>): Promise<{ p50: number; p99: number }> {
  const latencies: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t0 = performance.now();
    await run();
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return { p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

async function json<T>(response: Promise<BenchAnswer>, what: string): Promise<T> {
  const r = await response;
  const body = (await r.json()) as T;
  if (!r.ok) throw new Error(`bench: ${what} failed: ${JSON.stringify(body)}`);
  return body;
}

/**
 * Earn on the local eip155:1 devnet, one at a time: deposit → confirmed latency (one wrapper), then
 * 49 more wrappers deployed (all waited for) and list_earn_enabled_vaults' latency over the 50.
 */
export async function benchEarn(bench: SendBench, account: string): Promise<EarnCost> {
  const { post, organizationId } = bench;
  const submit = <T>(path: string, type: string, parameters: unknown) =>
    json<{ activity: { result: Record<string, T> } }>(
      post("submit", path, bench.activity(type, parameters)),
      path,
    );
  const waitFor = async (path: string, body: Record<string, string>) => {
    for (;;) {
      const status = await json<{ status: string; error?: string }>(
        post("query", path, { organizationId, ...body }),
        path,
      );
      if (status.status === "COMPLETED") return;
      if (status.status === "FAILED") throw new Error(`bench: ${path} FAILED: ${status.error}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const deploy = async () => {
    const answer = await submit<{ deployRequestId: string }>(
      "earn_deploy_wrapper",
      "ACTIVITY_TYPE_EARN_DEPLOY_WRAPPER",
      {
        vaultAddress: VAULT.address,
        chainCaip2: CHAIN,
        clientFeeBps: "1000",
        clientFeeWallet: account,
      },
    );
    return answer.activity.result.earnDeployWrapperResult as unknown as {
      wrapperAddress: string;
      deployRequestId: string;
    };
  };
  await submit("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
    name: "FEATURE_NAME_EARN_CONFIG",
    value: "",
  });
  const first = await deploy();
  await waitFor("get_earn_deploy_status", { deployRequestId: first.deployRequestId });
  const faucet = await fetch(`${bench.baseUrl}/rpc/${CHAIN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [account, `${CHAIN}/erc20:${USDC.address}`, parseUnits("1000", 6).toString()],
    }),
  });
  if (!faucet.ok) throw new Error(`bench: USDC faucet failed: ${await faucet.text()}`);
  const deposits = await timed(async () => {
    const answer = await submit<{ depositRequestId: string }>("earn_deposit", "ACTIVITY_TYPE_EARN_DEPOSIT", {
      wrapperAddress: first.wrapperAddress,
      signWith: account,
      chainCaip2: CHAIN,
      assets: parseUnits("1", 6).toString(),
    });
    await waitFor("get_earn_deposit_status", {
      depositRequestId: answer.activity.result.earnDepositResult!.depositRequestId,
    });
  });
  const more = [];
  for (let i = 1; i < WRAPPERS; i++) more.push(await deploy());
  for (const d of more) await waitFor("get_earn_deploy_status", { deployRequestId: d.deployRequestId });
  const lists = await timed(async () => {
    const answer = await json<{ enabledVaults: unknown[] }>(
      post("query", "list_earn_enabled_vaults", { organizationId }),
      "list_earn_enabled_vaults",
    );
    if (answer.enabledVaults.length !== WRAPPERS)
      throw new Error(`bench: ${answer.enabledVaults.length} enabled vaults, not ${WRAPPERS}`);
  });
  return {
    depositConfirmedP50Ms: deposits.p50,
    depositConfirmedP99Ms: deposits.p99,
    enabledVaultsP50Ms: lists.p50,
    enabledVaultsP99Ms: lists.p99,
    wrappers: WRAPPERS,
    samples: SAMPLES,
  };
}
