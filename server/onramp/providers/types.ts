import type { TInitFiatOnRampParams, TOnRampStatus } from "@/lib/api/onramp";
import type { OnRampConfig } from "../../config";
import type { OnRampSecrets } from "../../signer/onramp-secrets";
import type { VerifiedDelivery } from "./webhook-signatures";

/** What an adapter knows of the organization's account with the provider. */
export interface ProviderAccount {
  publishableApiKey: string;
  projectId: string | null;
  /** The provider's own test environment (MoonPay's buy-sandbox). */
  sandboxMode: boolean;
  secrets: OnRampSecrets;
}

export interface ProviderInit {
  onRampUrl: string;
  onRampUrlSignature?: string;
}

/** The provider's view of a purchase, mapped onto the API's statuses. */
export interface ProviderObservation {
  status: TOnRampStatus;
  providerStatus: string;
  providerTransactionId?: string;
  txHash?: string;
  cryptoAmount?: string;
  failureReason?: string;
}

/** What a verified webhook says: a purchase of ours (our transaction id) and where it stands, or nothing for us. */
export type WebhookEvent =
  | { transactionId: string; eventType: string; observation: ProviderObservation }
  | { ignored: string };

/**
 * One provider: the hosted checkout's URL for a purchase, the purchase's state as it sees it, and
 * the webhooks it sends about it (how they are signed, what they say).
 */
export interface OnRampAdapter {
  init(
    config: OnRampConfig,
    account: ProviderAccount,
    transactionId: string,
    params: TInitFiatOnRampParams,
  ): Promise<ProviderInit>;
  /** Undefined when the provider has no purchase for this transaction yet (nobody paid). */
  observe(
    config: OnRampConfig,
    account: ProviderAccount,
    transactionId: string,
  ): Promise<ProviderObservation | undefined>;
  webhook: {
    verify(headers: Headers, body: Uint8Array, key: Buffer, nowMs: number): VerifiedDelivery;
    /** Throws ProviderError when the body is not the provider's documented event shape. */
    event(body: unknown): WebhookEvent;
  };
}
