import { chainInfo } from "@/lib/api/chains";
import type { EvmReceipt } from "../chains/evm/adapter";
import type { AppContext } from "../context";
import type { SendTransactionRow } from "../db/schema";
import { feeInUsdMicros } from "../gas-station/prices";
import { recordSponsoredSpend } from "../gas-station/sponsor";

/**
 * A mined sponsored send, reverted or not, was paid by the gas station: its fee (gas used × the
 * price paid) is counted against the sponsor's budget. Once per send, however often the follow step
 * sees the receipt (recordSponsoredSpend keeps one row per send).
 */
export async function recordEvmSponsoredSpend(
  app: AppContext,
  send: SendTransactionRow,
  receipt: EvmReceipt,
): Promise<void> {
  if (!send.sponsorOrganizationId) return;
  const feeBaseUnits = receipt.gasUsed * receipt.effectiveGasPrice;
  await recordSponsoredSpend(app.db, app.clock.now(), {
    sponsorOrganizationId: send.sponsorOrganizationId,
    organizationId: send.organizationId,
    sendId: send.id,
    caip2: send.caip2,
    feeBaseUnits,
    usdMicros: feeInUsdMicros(app.config.usdPrices, chainInfo(send.caip2)!, feeBaseUnits),
  });
}
