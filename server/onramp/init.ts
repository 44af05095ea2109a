import { randomBytes } from "node:crypto";
import type { TInitFiatOnRampParams } from "@/lib/api/onramp";
import type { AppContext } from "../context";
import { sha256Hex } from "../crypto/sha256-hex";
import type { Tx } from "../db/client";
import { onRampTransactions } from "../db/schema";
import { invalid } from "../errors";
import { newId } from "../ids";
import { enqueue } from "../jobs/queue";
import { ADAPTERS, SANDBOX_UNPAID } from "./adapters";
import { checkPurchase } from "./assets";
import { credentialForProvider, withProviderAccount } from "./credentials";
import { ONRAMP_POLL_JOB } from "./job-kinds";
import { providerFailure } from "./provider-failure";
import { moonPaySignature } from "./providers/moonpay";
import { insertStatusChange } from "./transactions";

export interface InitResult {
  onRampUrl: string;
  onRampTransactionId: string;
  onRampUrlSignature?: string;
}

export const checkoutTokenHash = (token: string) => sha256Hex(token);

/**
 * Start a purchase: with the organization's credential for the provider, the provider's hosted
 * checkout (and a job that polls the provider); in sandbox mode, or without a credential, Latchkey's
 * own checkout page, bound to the purchase by an unguessable token, whose payment is delivered on
 * the local chain.
 */
export async function initFiatOnRamp(
  app: AppContext,
  tx: Tx,
  organizationId: string,
  params: TInitFiatOnRampParams,
  now: Date,
): Promise<InitResult> {
  const network = checkPurchase(params.network, params.cryptoCurrencyCode, params.walletAddress);
  const credential = await credentialForProvider(tx, organizationId, params.onrampProvider);
  const sandbox = params.sandboxMode === true || !credential;
  const id = newId(now.getTime());
  const row = {
    id,
    organizationId,
    provider: params.onrampProvider,
    credentialId: credential?.id ?? null,
    walletAddress: params.walletAddress,
    network: params.network,
    caip2: network.caip2 ?? null,
    cryptoCurrency: params.cryptoCurrencyCode,
    fiatCurrency: params.fiatCurrencyCode ?? "FIAT_ON_RAMP_CURRENCY_USD",
    fiatAmount: params.fiatCurrencyAmount ?? null,
    status: "CREATED",
    createdAt: now,
    updatedAt: now,
  };
  let result: InitResult;
  if (sandbox) {
    if (!network.caip2) {
      throw invalid(
        `the sandbox cannot deliver on ${params.network}: Latchkey runs no such chain`,
        "network",
      );
    }
    if (!app.chains.isLocal(network.caip2)) {
      throw invalid(
        `the sandbox only delivers on local devnets, and ${network.caip2} is served by a configured node ` +
          "(LATCHKEY_RPC_URLS): a sandbox purchase must never reach a real chain",
        "network",
      );
    }
    if (row.fiatCurrency !== "FIAT_ON_RAMP_CURRENCY_USD") {
      throw invalid("the sandbox prices purchases in USD only", "fiatCurrencyCode");
    }
    let onRampUrlSignature: string | undefined;
    if (params.urlForSignature) {
      if (params.onrampProvider !== "FIAT_ON_RAMP_PROVIDER_MOONPAY" || !credential) {
        throw invalid(
          "urlForSignature needs the organization's MoonPay credential to sign with",
          "urlForSignature",
        );
      }
      onRampUrlSignature = await withProviderAccount(tx, app.keyring, credential, async (account) =>
        moonPaySignature(account.secrets.secretApiKey, params.urlForSignature!),
      );
    }
    const token = randomBytes(32).toString("base64url");
    await tx.insert(onRampTransactions).values({
      ...row,
      mode: "SANDBOX",
      providerStatus: SANDBOX_UNPAID,
      checkoutTokenHash: checkoutTokenHash(token),
    });
    const origin = app.config.origins[0] ?? `http://localhost:${app.config.port}`;
    result = { onRampUrl: `${origin}/onramp/checkout/${token}`, onRampTransactionId: id, onRampUrlSignature };
  } else {
    const issued = await withProviderAccount(tx, app.keyring, credential, (account) =>
      ADAPTERS[params.onrampProvider].init(app.config.onRamp, account, id, params),
    ).catch(providerFailure);
    await tx.insert(onRampTransactions).values({ ...row, mode: "PROVIDER", providerStatus: "urlIssued" });
    await enqueue(
      tx,
      now,
      ONRAMP_POLL_JOB,
      { transactionId: id },
      { runAt: new Date(now.getTime() + 30_000) },
    );
    result = { ...issued, onRampTransactionId: id };
  }
  await insertStatusChange(
    tx,
    id,
    {
      status: "CREATED",
      providerStatus: sandbox ? SANDBOX_UNPAID : "urlIssued",
      detail: sandbox ? "sandbox checkout opened" : "provider checkout URL issued",
    },
    now,
  );
  return result;
}
