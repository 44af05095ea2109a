import http from "node:http";
import type { AddressInfo } from "node:net";
import { type Address, encodeFunctionData, erc20Abi, type PublicClient, zeroAddress } from "viem";
import { LOCAL_SWAP_POOLS } from "../swaps/local-pools";

/**
 * A local stand-in for the 0x Swap API v2 (GET /swap/allowance-holder/price and /quote), for tests.
 * It checks what 0x checks of a request — the `0x-api-key` and `0x-version: v2` headers, chainId,
 * token addresses, amounts, the taker, the integrator fee parameters — and prices from the local
 * devnet's LocalSwapPools read over the chain's RPC, so the `transaction` it returns is a real
 * trade on that chain: the fake is the aggregator, the chain is real. Its "allowance holder" is the
 * pools contract itself, and the integrator fee is the pools' client fee: it lands in the pools'
 * fee vault for swapFeeRecipient (`feesOwed`), where real 0x transfers it in the same transaction.
 *
 * `fail(...)` queues faults for the next requests: an HTTP status with 0x's error body, a 429 with
 * Retry-After, a body that is not JSON, or a slow answer.
 */
export const FAKE_0X_NATIVE = "0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE";

export type FakeZeroExFault =
  | { kind: "status"; status: number; body: unknown }
  | { kind: "rateLimit"; retryAfter?: string }
  | { kind: "garbage" }
  | { kind: "slow"; ms: number }
  | { kind: "noLiquidity" };

export interface FakeZeroEx {
  url: string;
  /** Every request as received: path, query and the two 0x headers. */
  requests: { path: string; query: Record<string, string>; apiKey?: string; version?: string }[];
  fail(...faults: FakeZeroExFault[]): void;
  close(): Promise<void>;
}

const { abi, address: pools } = LOCAL_SWAP_POOLS;
const isAddress = (v: string | undefined): v is Address => !!v && /^0x[0-9a-fA-F]{40}$/.test(v);
const isAmount = (v: string | undefined) => !!v && /^\d+$/.test(v) && BigInt(v) > 0n;

export async function startFakeZeroEx(options: {
  apiKey: string;
  chainId: number;
  /** The chain the pools are read from, over its /rpc (asked per request: the app may start after the fake). */
  chain: () => PublicClient;
}): Promise<FakeZeroEx> {
  const faults: FakeZeroExFault[] = [];
  const requests: FakeZeroEx["requests"] = [];
  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      if (!res.headersSent) res.writeHead(500, { "content-type": "application/json" });
      res.end(JSON.stringify({ name: "INTERNAL_SERVER_ERROR", message: String(error) }));
    });
  });

  const answer = (res: http.ServerResponse, status: number, body: unknown, headers = {}) =>
    res.writeHead(status, { "content-type": "application/json", ...headers }).end(JSON.stringify(body));
  const refuse = (res: http.ServerResponse, field: string, reason: string) =>
    answer(res, 400, {
      name: "INPUT_INVALID",
      message: "Validation Failed",
      data: { zid: "0xfake", details: [{ field, reason }] },
    });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const url = new URL(req.url ?? "/", "http://fake");
    const q = Object.fromEntries(url.searchParams);
    const apiKey = req.headers["0x-api-key"] as string | undefined;
    const version = req.headers["0x-version"] as string | undefined;
    requests.push({ path: url.pathname, query: q, apiKey, version });
    const fault = faults.shift();
    if (fault?.kind === "slow") await new Promise((r) => setTimeout(r, fault.ms));
    if (fault?.kind === "status") return answer(res, fault.status, fault.body);
    if (fault?.kind === "rateLimit") {
      return answer(
        res,
        429,
        { name: "RATE_LIMITED", message: "Too many requests" },
        fault.retryAfter !== undefined ? { "retry-after": fault.retryAfter } : {},
      );
    }
    if (fault?.kind === "garbage")
      return res.writeHead(200, { "content-type": "text/html" }).end("<html>oops");

    const isQuote = url.pathname === "/swap/allowance-holder/quote";
    if (!isQuote && url.pathname !== "/swap/allowance-holder/price") {
      return answer(res, 404, { name: "NOT_FOUND", message: `no route ${url.pathname}` });
    }
    if (apiKey !== options.apiKey)
      return answer(res, 401, { name: "UNAUTHORIZED", message: "Invalid API key" });
    if (version !== "v2") return refuse(res, "0x-version", "must be v2");
    if (q.chainId !== String(options.chainId)) return refuse(res, "chainId", "chain not supported");
    if (!isAddress(q.sellToken)) return refuse(res, "sellToken", "must be an address");
    if (!isAddress(q.buyToken)) return refuse(res, "buyToken", "must be an address");
    if (!isAmount(q.sellAmount)) return refuse(res, "sellAmount", "must be a positive integer");
    if (isQuote && !isAddress(q.taker)) return refuse(res, "taker", "required for a firm quote");
    const slippageBps = q.slippageBps === undefined ? 100 : Number(q.slippageBps);
    if (!Number.isInteger(slippageBps) || slippageBps < 0 || slippageBps > 10_000) {
      return refuse(res, "slippageBps", "must be between 0 and 10000");
    }
    const feeBps = q.swapFeeBps === undefined ? 0 : Number(q.swapFeeBps);
    if (q.swapFeeBps !== undefined) {
      if (!isAddress(q.swapFeeRecipient)) return refuse(res, "swapFeeRecipient", "required with swapFeeBps");
      if (!Number.isInteger(feeBps) || feeBps < 0 || feeBps > 1000) {
        return refuse(res, "swapFeeBps", "must be between 0 and 1000");
      }
      if (q.swapFeeToken && q.swapFeeToken.toLowerCase() !== q.buyToken.toLowerCase()) {
        return refuse(res, "swapFeeToken", "this fake takes the integrator fee in the buy token only");
      }
    }
    const sell = q.sellToken.toLowerCase() === FAKE_0X_NATIVE.toLowerCase() ? zeroAddress : q.sellToken;
    const buy = q.buyToken.toLowerCase() === FAKE_0X_NATIVE.toLowerCase() ? zeroAddress : q.buyToken;
    const sellAmount = BigInt(q.sellAmount as string);
    let gross: bigint;
    try {
      if (fault?.kind === "noLiquidity") throw new Error("told to find none");
      gross = (await options.chain().readContract({
        address: pools,
        abi,
        functionName: "getAmountOut",
        args: [sell, buy, sellAmount],
      })) as bigint;
    } catch {
      return answer(res, 200, { liquidityAvailable: false, zid: "0xfake" });
    }
    const fee = (gross * BigInt(feeBps)) / 10_000n;
    const buyAmount = gross - fee;
    const minBuyAmount = (buyAmount * BigInt(10_000 - slippageBps)) / 10_000n;
    const taker = (q.taker ?? zeroAddress) as Address;
    const held =
      sell === zeroAddress
        ? await options.chain().getBalance({ address: taker })
        : await options
            .chain()
            .readContract({ address: sell, abi: erc20Abi, functionName: "balanceOf", args: [taker] });
    const allowance =
      sell === zeroAddress
        ? sellAmount
        : await options.chain().readContract({
            address: sell,
            abi: erc20Abi,
            functionName: "allowance",
            args: [taker, pools],
          });
    const feeRecipient = (q.swapFeeRecipient ?? zeroAddress) as Address;
    const body: Record<string, unknown> = {
      allowanceTarget: sell === zeroAddress ? null : pools,
      blockNumber: String(await options.chain().getBlockNumber()),
      buyAmount: String(buyAmount),
      buyToken: q.buyToken,
      fees: {
        integratorFee: feeBps > 0 ? { amount: String(fee), token: q.buyToken, type: "volume" } : null,
        zeroExFee: null,
        gasFee: null,
      },
      issues: {
        allowance: allowance < sellAmount ? { actual: String(allowance), spender: pools } : null,
        balance:
          held < sellAmount
            ? { token: q.sellToken, actual: String(held), expected: String(sellAmount) }
            : null,
        simulationIncomplete: false,
        invalidSourcesPassed: [],
      },
      liquidityAvailable: true,
      minBuyAmount: String(minBuyAmount),
      route: {
        fills: [{ from: q.sellToken, to: q.buyToken, source: "LocalSwapPools", proportionBps: "10000" }],
      },
      sellAmount: q.sellAmount,
      sellToken: q.sellToken,
      totalNetworkFee: null,
      zid: "0xfake",
    };
    if (isQuote) {
      body.transaction = {
        to: pools,
        data: encodeFunctionData({
          abi,
          functionName: "swap",
          args: [sell, buy, sellAmount, minBuyAmount, taker, feeRecipient, BigInt(feeBps)],
        }),
        gas: "300000",
        gasPrice: String(await options.chain().getGasPrice()),
        value: sell === zeroAddress ? q.sellAmount : "0",
      };
    }
    return answer(res, 200, body);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    requests,
    fail: (...more) => faults.push(...more),
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
