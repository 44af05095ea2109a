import { createHmac } from "node:crypto";
import type { TOnRampCrypto, TOnRampNetwork, TOnRampStatus } from "@/lib/api/onramp";
import { invalid } from "../../errors";
import { ProviderError, providerJson } from "./http";
import type { OnRampAdapter, ProviderObservation } from "./types";
import { verifyMoonPayWebhook } from "./webhook-signatures";

/**
 * MoonPay's hosted widget (https://dev.moonpay.com/docs/on-ramp-enhance-security-using-signed-urls):
 * the buy URL carries the publishable key and the purchase as query parameters, and, because it
 * names a wallet address, a `signature` — HMAC-SHA256 keyed by the secret key over the URL's query
 * string (`?` included, values URL-encoded), base64, appended last and URL-encoded itself. Our
 * transaction id travels as `externalTransactionId`, which is how its status is read back:
 * GET /v1/transactions/ext/{externalTransactionId}?apiKey=… answers an array of buy transactions
 * (https://dev.moonpay.com/v1.0/reference/getbuytransactionbyexternalid) whose `status` is
 * waitingPayment, pending, waitingAuthorization, failed or completed.
 */

const PROVIDER = "MoonPay";

/** MoonPay's currency codes name the network too (usdc_base is USDC on Base). */
const CURRENCY: Partial<Record<TOnRampNetwork, Partial<Record<TOnRampCrypto, string>>>> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: {
    FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH: "eth",
    FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC: "usdc",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: {
    FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH: "eth_base",
    FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC: "usdc_base",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: {
    FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL: "sol",
    FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC: "usdc_sol",
  },
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: { FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC: "btc" },
};

const PAYMENT_METHOD: Record<string, string> = {
  FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD: "credit_debit_card",
  FIAT_ON_RAMP_PAYMENT_METHOD_APPLE_PAY: "apple_pay",
  FIAT_ON_RAMP_PAYMENT_METHOD_GOOGLE_PAY: "google_pay",
  FIAT_ON_RAMP_PAYMENT_METHOD_PAYPAL: "paypal",
  FIAT_ON_RAMP_PAYMENT_METHOD_VENMO: "venmo",
  FIAT_ON_RAMP_PAYMENT_METHOD_SEPA_BANK_TRANSFER: "sepa_bank_transfer",
  FIAT_ON_RAMP_PAYMENT_METHOD_GBP_BANK_TRANSFER: "gbp_bank_transfer",
  FIAT_ON_RAMP_PAYMENT_METHOD_GBP_OPEN_BANKING_PAYMENT: "gbp_open_banking_payment",
  FIAT_ON_RAMP_PAYMENT_METHOD_PIX_INSTANT_PAYMENT: "pix_instant_payment",
  FIAT_ON_RAMP_PAYMENT_METHOD_ACH_BANK_ACCOUNT: "ach_bank_transfer",
  FIAT_ON_RAMP_PAYMENT_METHOD_MOONPAY_BALANCE: "moonpay_balance",
};

const STATUS: Record<string, TOnRampStatus> = {
  waitingPayment: "PENDING",
  waitingAuthorization: "PENDING",
  pending: "PENDING",
  completed: "COMPLETED",
  failed: "FAILED",
};

/** MoonPay's URL signature: base64 HMAC-SHA256 of the query string (with its "?") under the secret key. */
export function moonPaySignature(secretKey: string, url: string): string {
  return createHmac("sha256", secretKey).update(new URL(url).search).digest("base64");
}

export const moonPay: OnRampAdapter = {
  async init(config, account, transactionId, params) {
    const currencyCode = CURRENCY[params.network]?.[params.cryptoCurrencyCode];
    if (!currencyCode) throw invalid(`MoonPay sells no ${params.cryptoCurrencyCode} on ${params.network}`);
    const query = new URLSearchParams({
      apiKey: account.publishableApiKey,
      currencyCode,
      walletAddress: params.walletAddress,
      externalTransactionId: transactionId,
    });
    if (params.fiatCurrencyCode) {
      query.set(
        "baseCurrencyCode",
        params.fiatCurrencyCode.replace("FIAT_ON_RAMP_CURRENCY_", "").toLowerCase(),
      );
    }
    if (params.fiatCurrencyAmount) query.set("baseCurrencyAmount", params.fiatCurrencyAmount);
    if (params.paymentMethod) {
      const method = PAYMENT_METHOD[params.paymentMethod];
      if (!method) throw invalid(`MoonPay does not offer ${params.paymentMethod}`, "paymentMethod");
      query.set("paymentMethod", method);
    }
    const base = account.sandboxMode ? config.moonpaySandboxWidgetUrl : config.moonpayWidgetUrl;
    const unsigned = `${base}?${query.toString()}`;
    const signature = moonPaySignature(account.secrets.secretApiKey, unsigned);
    return {
      onRampUrl: `${unsigned}&signature=${encodeURIComponent(signature)}`,
      // A client using MoonPay's SDK builds its own widget URL and asks us to sign that one.
      onRampUrlSignature: params.urlForSignature
        ? moonPaySignature(account.secrets.secretApiKey, params.urlForSignature)
        : undefined,
    };
  },

  async observe(config, account, transactionId) {
    const url = `${config.moonpayApiUrl}/v1/transactions/ext/${encodeURIComponent(transactionId)}?apiKey=${encodeURIComponent(account.publishableApiKey)}`;
    const body = await providerJson(
      PROVIDER,
      url,
      { headers: { Authorization: `Api-Key ${account.secrets.secretApiKey}`, Accept: "application/json" } },
      config.timeoutMs,
      true,
    );
    if (body === undefined) return undefined;
    if (!Array.isArray(body))
      throw new ProviderError(`${PROVIDER} answered something that is not a list of transactions`);
    if (body.length === 0) return undefined;
    // The list is not promised to be ordered: the latest one is the purchase as it stands.
    const latest = [...body].sort((a, b) => String(a?.createdAt).localeCompare(String(b?.createdAt))).at(-1);
    return observation(latest);
  },

  webhook: {
    verify: verifyMoonPayWebhook,
    // {type: transaction_created | transaction_updated | transaction_failed, data: <buy transaction>};
    // the purchase is ours when its externalTransactionId is one of our transaction ids.
    event(body) {
      const { type, data } = (body ?? {}) as { type?: unknown; data?: unknown };
      if (typeof type !== "string") throw new ProviderError(`${PROVIDER} sent an event without a type`);
      if (!BUY_EVENTS.has(type)) return { ignored: `${type} is not a buy transaction event` };
      const id = (data as { externalTransactionId?: unknown } | null)?.externalTransactionId;
      if (typeof id !== "string" || id === "") {
        return { ignored: "the transaction has no externalTransactionId: not started by Latchkey" };
      }
      return { transactionId: id, eventType: type, observation: observation(data) };
    },
  },
};

const BUY_EVENTS = new Set(["transaction_created", "transaction_updated", "transaction_failed"]);

function observation(item: unknown): ProviderObservation {
  const { id, status, cryptoTransactionId, failureReason } = (item ?? {}) as Record<string, unknown>;
  if (typeof status !== "string" || !(status in STATUS)) {
    throw new ProviderError(
      `${PROVIDER} answered a transaction whose status is not one it documents: ${JSON.stringify(status)}`,
    );
  }
  return {
    status: STATUS[status]!,
    providerStatus: status,
    providerTransactionId: typeof id === "string" ? id : undefined,
    txHash: typeof cryptoTransactionId === "string" ? cryptoTransactionId : undefined,
    failureReason: typeof failureReason === "string" ? failureReason : undefined,
  };
}
