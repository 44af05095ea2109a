import type { TOnRampNetwork, TOnRampStatus } from "@/lib/api/onramp";
import { invalid } from "../../errors";
import { cdpJwt } from "./cdp-jwt";
import { ProviderError, providerJson } from "./http";
import type { OnRampAdapter, ProviderAccount, ProviderObservation } from "./types";
import { verifyCoinbaseWebhook } from "./webhook-signatures";

/**
 * Coinbase-hosted Onramp (https://docs.cdp.coinbase.com/onramp/coinbase-hosted-onramp/generating-onramp-url):
 * a single-use session token from POST /onramp/v1/token (body `addresses: [{address, blockchains}]`
 * and `assets`, authenticated by a CDP JWT; answer `{token, channel_id}`), then
 * pay.coinbase.com/buy/select-asset?sessionToken=…&defaultNetwork=…&defaultAsset=…&presetFiatAmount=…
 * &fiatCurrency=…&partnerUserRef=<our transaction id>. The status comes from
 * GET /onramp/v1/buy/user/{partnerUserRef}/transactions
 * (https://docs.cdp.coinbase.com/onramp/core-features/transaction-status): newest first, each with
 * a `status` of ONRAMP_TRANSACTION_STATUS_IN_PROGRESS, _SUCCESS or _FAILED.
 *
 * Credential fields: `publishableApiKey` is the CDP Secret API key's id (its name), the key's
 * secret is `encryptedPrivateApiKey` (or `encryptedSecretApiKey` when no private key is given).
 */

const PROVIDER = "Coinbase";

const NETWORK: Record<TOnRampNetwork, string> = {
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM: "ethereum",
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE: "base",
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA: "solana",
  FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN: "bitcoin",
};

const PAYMENT_METHOD: Record<string, string> = {
  FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD: "CARD",
  FIAT_ON_RAMP_PAYMENT_METHOD_APPLE_PAY: "APPLE_PAY",
  FIAT_ON_RAMP_PAYMENT_METHOD_ACH_BANK_ACCOUNT: "ACH_BANK_ACCOUNT",
  FIAT_ON_RAMP_PAYMENT_METHOD_PAYPAL: "PAYPAL",
  FIAT_ON_RAMP_PAYMENT_METHOD_FIAT_WALLET: "FIAT_WALLET",
  FIAT_ON_RAMP_PAYMENT_METHOD_CRYPTO_ACCOUNT: "CRYPTO_ACCOUNT",
};

const STATUS: Record<string, TOnRampStatus> = {
  ONRAMP_TRANSACTION_STATUS_CREATED: "PENDING",
  ONRAMP_TRANSACTION_STATUS_IN_PROGRESS: "PENDING",
  ONRAMP_TRANSACTION_STATUS_SUCCESS: "COMPLETED",
  ONRAMP_TRANSACTION_STATUS_FAILED: "FAILED",
};

function bearer(account: ProviderAccount, method: string, url: string): string {
  const secret = account.secrets.privateApiKey ?? account.secrets.secretApiKey;
  return `Bearer ${cdpJwt(account.publishableApiKey, secret, method, url, Date.now())}`;
}

export const coinbase: OnRampAdapter = {
  async init(config, account, transactionId, params) {
    if (params.urlForSignature) {
      throw invalid(
        "urlForSignature is for MoonPay's widget; Coinbase URLs carry a session token instead",
        "urlForSignature",
      );
    }
    if (params.countryCode?.toUpperCase() === "US" && !params.countrySubdivisionCode) {
      throw invalid("countrySubdivisionCode is required when countryCode is US", "countrySubdivisionCode");
    }
    let paymentMethod: string | undefined;
    if (params.paymentMethod) {
      paymentMethod = PAYMENT_METHOD[params.paymentMethod];
      if (!paymentMethod) throw invalid(`Coinbase does not offer ${params.paymentMethod}`, "paymentMethod");
    }
    const network = NETWORK[params.network];
    const asset = params.cryptoCurrencyCode.replace("FIAT_ON_RAMP_CRYPTO_CURRENCY_", "");
    const tokenUrl = `${config.coinbaseApiUrl}/onramp/v1/token`;
    const answer = await providerJson(
      PROVIDER,
      tokenUrl,
      {
        method: "POST",
        headers: { Authorization: bearer(account, "POST", tokenUrl), "Content-Type": "application/json" },
        body: JSON.stringify({
          addresses: [{ address: params.walletAddress, blockchains: [network] }],
          assets: [asset],
        }),
      },
      config.timeoutMs,
    );
    const token = (answer as { token?: unknown } | null)?.token;
    if (typeof token !== "string" || token.length === 0) {
      throw new ProviderError(`${PROVIDER} answered the session token request without a token`);
    }
    const query = new URLSearchParams({
      sessionToken: token,
      defaultNetwork: network,
      defaultAsset: asset,
      partnerUserRef: transactionId,
    });
    if (params.fiatCurrencyAmount) query.set("presetFiatAmount", params.fiatCurrencyAmount);
    if (params.fiatCurrencyCode)
      query.set("fiatCurrency", params.fiatCurrencyCode.replace("FIAT_ON_RAMP_CURRENCY_", ""));
    if (paymentMethod) query.set("defaultPaymentMethod", paymentMethod);
    if (account.projectId) query.set("appId", account.projectId);
    return { onRampUrl: `${config.coinbasePayUrl}/buy/select-asset?${query.toString()}` };
  },

  async observe(config, account, transactionId) {
    const url = `${config.coinbaseApiUrl}/onramp/v1/buy/user/${encodeURIComponent(transactionId)}/transactions`;
    const body = await providerJson(
      PROVIDER,
      `${url}?page_size=1`,
      { headers: { Authorization: bearer(account, "GET", url), Accept: "application/json" } },
      config.timeoutMs,
      true,
    );
    if (body === undefined) return undefined;
    const transactions = (body as { transactions?: unknown } | null)?.transactions;
    if (!Array.isArray(transactions)) {
      throw new ProviderError(`${PROVIDER} answered something without a transactions list`);
    }
    if (transactions.length === 0) return undefined;
    return observation(transactions[0]);
  },

  webhook: {
    verify: verifyCoinbaseWebhook,
    // {eventType: onramp.transaction.created | .updated | .success | .failed, partnerUserRef, status, …}:
    // partnerUserRef is the transaction id init put in the URL.
    event(body) {
      const event = (body ?? {}) as { eventType?: unknown; partnerUserRef?: unknown };
      if (typeof event.eventType !== "string")
        throw new ProviderError(`${PROVIDER} sent an event without an eventType`);
      if (!event.eventType.startsWith("onramp.transaction.")) {
        return { ignored: `${event.eventType} is not an onramp transaction event` };
      }
      if (typeof event.partnerUserRef !== "string" || event.partnerUserRef === "") {
        return { ignored: "the transaction has no partnerUserRef: not started by Latchkey" };
      }
      return {
        transactionId: event.partnerUserRef,
        eventType: event.eventType,
        observation: observation(body),
      };
    },
  },
};

function observation(item: unknown): ProviderObservation {
  const t = (item ?? {}) as Record<string, unknown>;
  const status = t.status;
  if (typeof status !== "string" || !(status in STATUS)) {
    throw new ProviderError(
      `${PROVIDER} answered a transaction whose status is not one it documents: ${JSON.stringify(status)}`,
    );
  }
  const text = (v: unknown) => (typeof v === "string" && v.length > 0 ? v : undefined);
  const failure = text(t.failure_reason ?? t.failureReason);
  return {
    status: STATUS[status]!,
    providerStatus: status,
    providerTransactionId: text(t.transaction_id ?? t.transactionId),
    // Webhooks send "0x" until the crypto is on its way.
    txHash: text(t.tx_hash ?? t.txHash)?.replace(/^0x$/, "") || undefined,
    failureReason: failure === "FAILURE_REASON_UNSPECIFIED" ? undefined : failure,
  };
}
