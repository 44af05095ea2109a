import { parseEther } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { BenchAnswer } from "./http-client";
import { type LoadResult, percentile, runLoad } from "./load";

const CHAIN = "eip155:1";
const LATENCY_SAMPLES = 20;

export interface SendCost {
  /** From submitting eth_send_transaction to get_send_transaction_status saying COMPLETED. */
  confirmedP50Ms: number;
  confirmedP99Ms: number;
  samples: number;
}

export interface SendBench {
  baseUrl: string;
  organizationId: string;
  /** POST a signed activity or query as the bench's root key. */
  post(kind: "submit" | "query", name: string, payload: unknown): Promise<BenchAnswer>;
  activity(type: string, parameters: unknown): unknown;
}

export async function faucet(baseUrl: string, address: string, ether: string): Promise<void> {
  const response = await fetch(`${baseUrl}/rpc/${CHAIN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: 1,
      method: "latchkey_faucet",
      params: [address, "native", parseEther(ether).toString()],
    }),
  });
  const body = (await response.json()) as { error?: { message: string } };
  if (body.error) throw new Error(`bench: faucet failed: ${body.error.message}`);
}

/**
 * Submit → COMPLETED, one send at a time (so nothing queues ahead), `LATENCY_SAMPLES` times: `submit`
 * answers the activity's sendTransactionStatusId, then get_send_transaction_status is polled.
 */
export async function confirmedLatency(bench: SendBench, submit: () => Promise<string>): Promise<SendCost> {
  const latencies: number[] = [];
  for (let i = 0; i < LATENCY_SAMPLES; i++) {
    const t0 = performance.now();
    const id = await submit();
    for (;;) {
      const status = (await (
        await bench.post("query", "get_send_transaction_status", {
          organizationId: bench.organizationId,
          sendTransactionStatusId: id,
        })
      ).json()) as { txStatus?: string; txError?: string };
      if (status.txStatus === "COMPLETED") break;
      if (status.txStatus === "FAILED") throw new Error(`bench: a send failed: ${status.txError}`);
      await new Promise((r) => setTimeout(r, 10));
    }
    latencies.push(performance.now() - t0);
  }
  latencies.sort((a, b) => a - b);
  return {
    confirmedP50Ms: percentile(latencies, 50),
    confirmedP99Ms: percentile(latencies, 99),
    samples: latencies.length,
  };
}

/**
 * Sending through the API on the local EVM devnet, in two phases so that the Solana figures can sit
 * between them: `latency` (submission to COMPLETED, nothing queued), then `loads` — the devnet's own
 * rate for pre-signed raw transactions over /rpc and how many sends per second the API accepts
 * (which leaves a backlog in the job queue: run it after every latency measurement).
 */
export async function ethSendBench(bench: SendBench, from: string, seconds: number) {
  await faucet(bench.baseUrl, from, "1000");
  const to = privateKeyToAccount(generatePrivateKey()).address;
  const send = () =>
    bench.post(
      "submit",
      "eth_send_transaction",
      bench.activity("ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
        from,
        caip2: CHAIN,
        calls: [{ to, value: "1" }],
      }),
    );
  return {
    latency: () =>
      confirmedLatency(bench, async () => {
        const body = (await (await send()).json()) as {
          activity?: { result?: { ethSendTransactionResultV2?: { sendTransactionStatusId: string } } };
        };
        const id = body.activity?.result?.ethSendTransactionResultV2?.sendTransactionStatusId;
        if (!id) throw new Error(`bench: eth_send_transaction failed: ${JSON.stringify(body)}`);
        return id;
      }),
    async loads(): Promise<LoadResult[]> {
      const loads: LoadResult[] = [];
      const raw = privateKeyToAccount(generatePrivateKey());
      await faucet(bench.baseUrl, raw.address, "1000");
      let nonce = 0;
      const fees = {
        maxFeePerGas: parseEther("0.0000001"),
        maxPriorityFeePerGas: 1_000_000_000n,
        gas: 21_000n,
      };
      process.stderr.write("bench: devnet raw eth_sendRawTransaction at concurrency 1…\n");
      loads.push(
        await runLoad("devnet eth_sendRawTransaction (via /rpc)", 1, seconds * 1000, async () => {
          const signed = await raw.signTransaction({ chainId: 1, to, value: 1n, nonce: nonce++, ...fees });
          return fetch(`${bench.baseUrl}/rpc/${CHAIN}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "eth_sendRawTransaction",
              params: [signed],
            }),
          });
        }),
      );
      for (const concurrency of [1, 32]) {
        process.stderr.write(`bench: eth_send_transaction accepted at concurrency ${concurrency}…\n`);
        loads.push(
          await runLoad("activity eth_send_transaction (accepted)", concurrency, seconds * 1000, send),
        );
      }
      return loads;
    },
  };
}
