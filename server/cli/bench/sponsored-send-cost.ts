import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import type { BenchAnswer } from "./http-client";
import { confirmedLatency, faucet, type SendBench, type SendCost } from "./send-cost";

const CHAIN = "eip155:1";

async function submitted(response: Promise<BenchAnswer>, what: string): Promise<unknown> {
  const answer = await response;
  const body = await answer.json();
  if (!answer.ok) throw new Error(`bench: ${what} failed: ${JSON.stringify(body)}`);
  return body;
}

/**
 * A sponsored eth_send_transaction, submitted → COMPLETED, one at a time: a sender holding no ETH,
 * `gasStation` paying. The first send also deploys the delegate on the devnet and carries the
 * sender's EIP-7702 authorization, so it sits at the top of the spread.
 */
export async function benchSponsoredSends(bench: SendBench, gasStation: string): Promise<SendCost> {
  await faucet(bench.baseUrl, gasStation, "1000");
  await submitted(
    bench.post(
      "submit",
      "upsert_gas_usage_config",
      bench.activity("ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG", {
        enabled: true,
        evmGasStationAddress: gasStation,
        orgWindowLimitUsd: "1000000",
        windowDurationMinutes: "60",
      }),
    ),
    "upsert_gas_usage_config",
  );
  const created = (await submitted(
    bench.post(
      "submit",
      "create_wallet",
      bench.activity("ACTIVITY_TYPE_CREATE_WALLET", {
        walletName: "bench sponsored sender",
        accounts: [
          {
            curve: "CURVE_SECP256K1",
            pathFormat: "PATH_FORMAT_BIP32",
            path: "m/44'/60'/0'/0/0",
            addressFormat: "ADDRESS_FORMAT_ETHEREUM",
          },
        ],
      }),
    ),
    "create_wallet",
  )) as { activity: { result: { createWalletResult: { addresses: string[] } } } };
  const from = created.activity.result.createWalletResult.addresses[0]!;
  const to = privateKeyToAccount(generatePrivateKey()).address;
  const send = () =>
    bench.post(
      "submit",
      "eth_send_transaction",
      bench.activity("ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
        from,
        caip2: CHAIN,
        sponsor: true,
        calls: [{ to, value: "0" }],
      }),
    );
  return confirmedLatency(bench, async () => {
    const body = (await (await send()).json()) as {
      activity?: { result?: { ethSendTransactionResultV2?: { sendTransactionStatusId: string } } };
    };
    const id = body.activity?.result?.ethSendTransactionResultV2?.sendTransactionStatusId;
    if (!id) throw new Error(`bench: sponsored eth_send_transaction failed: ${JSON.stringify(body)}`);
    return id;
  });
}
