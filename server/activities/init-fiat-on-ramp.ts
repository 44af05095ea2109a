import { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZInitFiatOnRampParams } from "@/lib/api/onramp";
import { initFiatOnRamp as start } from "../onramp/init";
import { defineActivity } from "./define";

export const initFiatOnRamp = defineActivity({
  path: "init_fiat_on_ramp",
  type: ACTIVITY_TYPES.init_fiat_on_ramp,
  resource: "CONFIG",
  action: "CREATE",
  intentKey: "initFiatOnRampIntent",
  resultKey: "initFiatOnRampResult",
  describe: (p) =>
    `Buy ${p.cryptoCurrencyCode.replace("FIAT_ON_RAMP_CRYPTO_CURRENCY_", "")}${p.fiatCurrencyAmount ? ` for ${p.fiatCurrencyAmount} ${(p.fiatCurrencyCode ?? "FIAT_ON_RAMP_CURRENCY_USD").replace("FIAT_ON_RAMP_CURRENCY_", "")}` : ""} to ${p.walletAddress}`,
  summary:
    "Start a fiat purchase of crypto to a wallet address: the provider's checkout URL (MoonPay signed, " +
    "Coinbase with a session token), or with sandboxMode or no credential Latchkey's sandbox checkout, " +
    "delivered on the local chain; follow it with get_onramp_transaction_status",
  params: ZInitFiatOnRampParams,
  result: z.object({
    onRampUrl: z.string(),
    onRampTransactionId: z.string(),
    onRampUrlSignature: z.string().optional(),
  }),
  async execute({ app, tx, organization, now }, params) {
    return start(app, tx, organization.id, params, now);
  },
});
