import type { TOnRampProvider } from "@/lib/api/onramp";
import { coinbase } from "./providers/coinbase";
import { moonPay } from "./providers/moonpay";
import type { OnRampAdapter } from "./providers/types";

export const ADAPTERS: Record<TOnRampProvider, OnRampAdapter> = {
  FIAT_ON_RAMP_PROVIDER_MOONPAY: moonPay,
  FIAT_ON_RAMP_PROVIDER_COINBASE: coinbase,
};

/** The sandbox imitates each provider's own states, in order, after the person pays. */
export const SANDBOX_STATES: Record<TOnRampProvider, { providerStatus: string; final: boolean }[]> = {
  FIAT_ON_RAMP_PROVIDER_MOONPAY: [
    { providerStatus: "waitingAuthorization", final: false },
    { providerStatus: "pending", final: false },
    { providerStatus: "completed", final: true },
  ],
  FIAT_ON_RAMP_PROVIDER_COINBASE: [
    { providerStatus: "ONRAMP_TRANSACTION_STATUS_CREATED", final: false },
    { providerStatus: "ONRAMP_TRANSACTION_STATUS_IN_PROGRESS", final: false },
    { providerStatus: "ONRAMP_TRANSACTION_STATUS_SUCCESS", final: true },
  ],
};

/** Before the person opens the sandbox checkout and pays. */
export const SANDBOX_UNPAID = "awaitingPayment";
