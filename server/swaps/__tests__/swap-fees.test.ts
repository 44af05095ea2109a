import { erc20Abi, parseEther, toHex } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import type { TSwapQuote, TSwapStatus } from "@/lib/api/swaps";
import { erc20Caip19, SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { runDueJobs } from "../../jobs/worker";
import { CHAIN, type SendScene, startSendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";

/**
 * The finance reads behind the Swap fees page: get_swap_config reads back upsert_swap_config, and
 * list_swap_fees shows the fee a swap accrued until claim_swap_fees moves it to the receiver.
 */

let s: SendScene;
let receiver: `0x${string}`;
const ETH = `${CHAIN}/slip44:60`;
const USDC_ADDRESS = SEEDED_TOKENS[0]!.address;
const USDC = erc20Caip19(CHAIN, USDC_ADDRESS);

beforeAll(async () => {
  s = await startSendScene();
  const created = await s.submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
    walletName: "Fees",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
    ],
  });
  receiver = (
    (created.body as { activity: TActivity }).activity.result as {
      createWalletResult: { addresses: `0x${string}`[] };
    }
  ).createWalletResult.addresses[0]!;
  // The receiver pays the claim's gas.
  await s.rpc("anvil_setBalance", [receiver, toHex(parseEther("1"))]);
}, 120_000);
afterAll(async () => s?.close());

const read = async <T>(path: string) =>
  (await s.t.call<T>("query", path, { organizationId: s.org.organizationId }, s.org.key)).body;
type Fees = { feeReceiverWalletAddress: string; fees: { caip19: string; amount: string; symbol: string }[] };
const usdcOwed = async () => (await read<Fees>("list_swap_fees")).fees.find((f) => f.caip19 === USDC)?.amount;

async function swapEthForUsdc(inputAmount: string) {
  const quoted = await s.submit("create_swap_quote", "ACTIVITY_TYPE_CREATE_SWAP_QUOTE", {
    signWith: s.from,
    inputToken: ETH,
    outputToken: USDC,
    inputAmount,
  });
  const quote = (
    (quoted.body as { activity: TActivity }).activity.result as {
      createSwapQuoteResult: { quotes: TSwapQuote[] };
    }
  ).createSwapQuoteResult.quotes[0]!;
  const executed = await s.submit("execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
    quoteId: quote.quoteId,
    inputToken: ETH,
    inputAmount,
    outputToken: USDC,
    quotedOutputAmount: quote.outputAmount,
    minOutputAmount: quote.minOutputAmount,
    sponsor: false,
  });
  const { swapRequestId } = (
    (executed.body as { activity: TActivity }).activity.result as {
      executeSwapResult: { swapRequestId: string };
    }
  ).executeSwapResult;
  for (let round = 0; round < 20; round++) {
    await runDueJobs(s.t.app, SEND_JOB_HANDLERS);
    const status = (
      await s.t.call<TSwapStatus>(
        "query",
        "get_swap_status",
        { organizationId: s.org.organizationId, swapRequestId },
        s.org.key,
      )
    ).body;
    if (status.status !== "PENDING") return status;
    s.t.clock.advance(1_000);
  }
  throw new Error("the swap did not settle");
}

describe("swap fees for finance", () => {
  it("before any config: no receiver, a zero fee and nothing accrued", async () => {
    expect(await read("get_swap_config")).toEqual({
      swapConfig: { feeReceiverWalletAddress: "", feeBps: "0" },
    });
    expect(await read("list_swap_fees")).toEqual({ feeReceiverWalletAddress: "", fees: [] });
  });

  it("reads back the config set, lists the fee a swap accrued, and zero once it is claimed", async () => {
    const set = await s.submit("upsert_swap_config", "ACTIVITY_TYPE_UPSERT_SWAP_CONFIG", {
      feeReceiverWalletAddress: receiver,
      feeBps: "25",
      stableFeeBps: "5",
    });
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(await read("get_swap_config")).toEqual({
      swapConfig: { feeReceiverWalletAddress: receiver, feeBps: "25", stableFeeBps: "5" },
    });
    // Configured but no swap yet: no chain can owe anything, none is read.
    expect((await read<Fees>("list_swap_fees")).fees).toEqual([]);

    const swap = await swapEthForUsdc(parseEther("0.1").toString());
    expect(swap.status).toBe("COMPLETED");
    const fees = await read<Fees>("list_swap_fees");
    expect(fees.feeReceiverWalletAddress).toBe(receiver);
    expect(fees.fees.map((f) => f.symbol).sort()).toEqual(["ETH", "USDC", "WETH"]);
    const owed = BigInt((await usdcOwed())!);
    // The fee is 25 bps of the gross output, which is what the trader got plus the fee.
    expect(owed).toBeGreaterThan(0n);
    expect(owed).toBe(((BigInt(swap.outputAmount!) + owed) * 25n) / 10_000n);
    expect(fees.fees.filter((f) => f.caip19 !== USDC).map((f) => f.amount)).toEqual(["0", "0"]);

    const claim = await s.submit("claim_swap_fees", "ACTIVITY_TYPE_CLAIM_SWAP_FEES", {});
    expect(claim.status, JSON.stringify(claim.body)).toBe(200);
    const { requestId } = (
      (claim.body as { activity: TActivity }).activity.result as {
        claimSwapFeesResult: { requestId: string };
      }
    ).claimSwapFeesResult;
    expect((await s.settle(requestId)).txStatus).toBe("COMPLETED");
    expect(await usdcOwed()).toBe("0");
    const held = await s.viem.readContract({
      address: USDC_ADDRESS,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [receiver],
    });
    expect(held).toBe(owed);
  });
});
