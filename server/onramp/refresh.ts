import { eq } from "drizzle-orm";
import type { TOnRampProvider } from "@/lib/api/onramp";
import type { AppContext } from "../context";
import { fiatOnRampCredentials, type OnRampTransactionRow } from "../db/schema";
import { ApiError } from "../errors";
import { ADAPTERS } from "./adapters";
import { withProviderAccount } from "./credentials";
import { providerFailure } from "./provider-failure";
import { recordStatus } from "./transactions";

/**
 * Ask the provider where a purchase stands and record what it says. A sandbox purchase's state
 * lives here (its jobs move it), so its row is already the sandbox's answer.
 */
export async function refreshFromProvider(
  app: AppContext,
  row: OnRampTransactionRow,
): Promise<OnRampTransactionRow> {
  if (row.mode === "SANDBOX") return row;
  const [credential] = row.credentialId
    ? await app.db.select().from(fiatOnRampCredentials).where(eq(fiatOnRampCredentials.id, row.credentialId))
    : [];
  if (!credential) {
    throw new ApiError(
      "FAILED_PRECONDITION",
      "ONRAMP_CREDENTIAL_DELETED",
      "the credential this purchase was made with was deleted: its provider can no longer be asked",
    );
  }
  const observed = await withProviderAccount(app.db, app.keyring, credential, (account) =>
    ADAPTERS[row.provider as TOnRampProvider].observe(app.config.onRamp, account, row.id),
  ).catch(providerFailure);
  if (!observed) return row;
  return recordStatus(app.db, row, { ...observed, detail: "reported by the provider" }, app.clock.now());
}
