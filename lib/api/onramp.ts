import { z } from "zod";
import { ZId, ZPagination, ZTimestamp } from "./common";

/** The reference's enums (v1FiatOnRamp*), named as it names them. */
export const ONRAMP_PROVIDERS = ["FIAT_ON_RAMP_PROVIDER_COINBASE", "FIAT_ON_RAMP_PROVIDER_MOONPAY"] as const;
export const ZOnRampProvider = z.enum(ONRAMP_PROVIDERS);
export type TOnRampProvider = z.infer<typeof ZOnRampProvider>;

export const ZOnRampNetwork = z.enum([
  "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN",
  "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
  "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_SOLANA",
  "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
]);
export type TOnRampNetwork = z.infer<typeof ZOnRampNetwork>;

export const ZOnRampCrypto = z.enum([
  "FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC",
  "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
  "FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL",
  "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
]);
export type TOnRampCrypto = z.infer<typeof ZOnRampCrypto>;

const FIAT = [
  "AUD",
  "BGN",
  "BRL",
  "CAD",
  "CHF",
  "COP",
  "CZK",
  "DKK",
  "DOP",
  "EGP",
  "EUR",
  "GBP",
  "HKD",
  "IDR",
  "ILS",
  "JOD",
  "KES",
  "KWD",
  "LKR",
  "MXN",
  "NGN",
  "NOK",
  "NZD",
  "OMR",
  "PEN",
  "PLN",
  "RON",
  "SEK",
  "THB",
  "TRY",
  "TWD",
  "USD",
  "VND",
  "ZAR",
] as const;
export const ZOnRampFiat = z.enum(
  FIAT.map((c) => `FIAT_ON_RAMP_CURRENCY_${c}` as const) as [string, ...string[]],
);

export const ZOnRampPaymentMethod = z.enum([
  "FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD",
  "FIAT_ON_RAMP_PAYMENT_METHOD_APPLE_PAY",
  "FIAT_ON_RAMP_PAYMENT_METHOD_GBP_BANK_TRANSFER",
  "FIAT_ON_RAMP_PAYMENT_METHOD_GBP_OPEN_BANKING_PAYMENT",
  "FIAT_ON_RAMP_PAYMENT_METHOD_GOOGLE_PAY",
  "FIAT_ON_RAMP_PAYMENT_METHOD_SEPA_BANK_TRANSFER",
  "FIAT_ON_RAMP_PAYMENT_METHOD_PIX_INSTANT_PAYMENT",
  "FIAT_ON_RAMP_PAYMENT_METHOD_PAYPAL",
  "FIAT_ON_RAMP_PAYMENT_METHOD_VENMO",
  "FIAT_ON_RAMP_PAYMENT_METHOD_MOONPAY_BALANCE",
  "FIAT_ON_RAMP_PAYMENT_METHOD_CRYPTO_ACCOUNT",
  "FIAT_ON_RAMP_PAYMENT_METHOD_FIAT_WALLET",
  "FIAT_ON_RAMP_PAYMENT_METHOD_ACH_BANK_ACCOUNT",
]);

/** The smallest and largest purchase accepted, in units of the fiat currency (README: "Fiat on-ramp"). */
export const MIN_FIAT_AMOUNT = 20;
export const MAX_FIAT_AMOUNT = 50_000;

/** A fiat amount: a decimal with at most two decimals, within the limits above. */
export const ZFiatAmount = z
  .string()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, "must be a decimal amount such as '100' or '49.99'")
  .refine(
    (v) => Number(v) >= MIN_FIAT_AMOUNT && Number(v) <= MAX_FIAT_AMOUNT,
    `must be between ${MIN_FIAT_AMOUNT} and ${MAX_FIAT_AMOUNT}`,
  );

/** What the API reports as transactionStatus; each provider's states map onto these. */
export const ONRAMP_STATUSES = ["CREATED", "PENDING", "COMPLETED", "FAILED"] as const;
export const ZOnRampStatus = z.enum(ONRAMP_STATUSES);
export type TOnRampStatus = z.infer<typeof ZOnRampStatus>;

const ZSecretText = z.string().min(1, "must not be empty").max(8192);
const ZPublicText = z.string().min(1, "must not be empty").max(512);

export const ZCreateFiatOnRampCredentialParams = z.object({
  onrampProvider: ZOnRampProvider,
  projectId: ZPublicText.optional(),
  publishableApiKey: ZPublicText,
  encryptedSecretApiKey: ZSecretText,
  encryptedPrivateApiKey: ZSecretText.optional(),
  sandboxMode: z.boolean().optional(),
});

export const ZUpdateFiatOnRampCredentialParams = ZCreateFiatOnRampCredentialParams.omit({
  sandboxMode: true,
}).extend({ fiatOnrampCredentialId: ZId });

/**
 * set_fiat_on_ramp_webhook_secret (Latchkey extension): the key the provider signs webhooks to this
 * credential with — MoonPay's webhook API key, or the `secret` of a Coinbase webhook subscription —
 * encrypted like the API keys (encryptOnRampSecret to get_on_ramp_encryption_key's key).
 */
export const ZSetFiatOnRampWebhookSecretParams = z.object({
  fiatOnrampCredentialId: ZId,
  encryptedWebhookSecret: ZSecretText,
});
export type TSetFiatOnRampWebhookSecretParams = z.infer<typeof ZSetFiatOnRampWebhookSecretParams>;

export const ZDeleteFiatOnRampCredentialParams = z.object({ fiatOnrampCredentialId: ZId });

export const ZFiatOnRampCredential = z.object({
  fiatOnrampCredentialId: z.string(),
  organizationId: z.string(),
  onrampProvider: ZOnRampProvider,
  projectId: z.string().optional(),
  publishableApiKey: z.string(),
  /** Never the secret: always "" (the secret is sealed and never leaves the server). */
  encryptedSecretApiKey: z.literal(""),
  sandboxMode: z.boolean(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TFiatOnRampCredential = z.infer<typeof ZFiatOnRampCredential>;

export const ZListFiatOnRampCredentialsResponse = z.object({
  fiatOnRampCredentials: z.array(ZFiatOnRampCredential),
});

export const ZInitFiatOnRampParams = z.object({
  onrampProvider: ZOnRampProvider,
  walletAddress: z.string().trim().min(1, "must not be empty").max(128),
  network: ZOnRampNetwork,
  cryptoCurrencyCode: ZOnRampCrypto,
  fiatCurrencyCode: ZOnRampFiat.optional(),
  fiatCurrencyAmount: ZFiatAmount.optional(),
  paymentMethod: ZOnRampPaymentMethod.optional(),
  countryCode: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "must be a two-letter ISO 3166-1 country code")
    .optional(),
  countrySubdivisionCode: z
    .string()
    .regex(/^[A-Za-z0-9]{1,3}$/, "must be an ISO 3166-2 subdivision code such as NY")
    .optional(),
  sandboxMode: z.boolean().optional(),
  urlForSignature: z
    .string()
    .max(4096)
    .refine((v) => /^https?:\/\/[^\s]+$/.test(v), "must be an http(s) URL")
    .optional(),
});
export type TInitFiatOnRampParams = z.infer<typeof ZInitFiatOnRampParams>;

export const ZGetOnRampTransactionStatusRequest = z.object({
  organizationId: ZId,
  transactionId: ZId,
  refresh: z.boolean().optional(),
});
export const ZGetOnRampTransactionStatusResponse = z.object({ transactionStatus: ZOnRampStatus });

/** Latchkey extensions for support staff: one purchase with its history, and the recent ones. */
export const ZOnRampTransaction = z.object({
  transactionId: z.string(),
  onrampProvider: ZOnRampProvider,
  sandbox: z.boolean(),
  transactionStatus: ZOnRampStatus,
  providerStatus: z.string(),
  walletAddress: z.string(),
  network: ZOnRampNetwork,
  caip2: z.string().optional(),
  cryptoCurrencyCode: ZOnRampCrypto,
  fiatCurrencyCode: z.string(),
  fiatCurrencyAmount: z.string().optional(),
  /** In the asset's base units. */
  cryptoAmount: z.string().optional(),
  txHash: z.string().optional(),
  failureReason: z.string().optional(),
  createdAt: ZTimestamp,
  updatedAt: ZTimestamp,
});
export type TOnRampTransaction = z.infer<typeof ZOnRampTransaction>;

export const ZOnRampStatusChange = z.object({
  transactionStatus: ZOnRampStatus,
  providerStatus: z.string(),
  detail: z.string().optional(),
  createdAt: ZTimestamp,
});

export const ZGetOnRampTransactionRequest = z.object({ organizationId: ZId, transactionId: ZId });
export const ZGetOnRampTransactionResponse = z.object({
  transaction: ZOnRampTransaction,
  history: z.array(ZOnRampStatusChange),
});

export const ZListOnRampTransactionsRequest = z.object({
  organizationId: ZId,
  transactionStatus: ZOnRampStatus.optional(),
  onrampProvider: ZOnRampProvider.optional(),
  paginationOptions: ZPagination,
});
export const ZListOnRampTransactionsResponse = z.object({ transactions: z.array(ZOnRampTransaction) });

export const ZGetOnRampEncryptionKeyResponse = z.object({
  publicKey: z.string(),
  curve: z.literal("CURVE_P256"),
  usage: z.array(z.string()),
});
