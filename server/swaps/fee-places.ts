import { and, eq, isNotNull } from "drizzle-orm";
import { SEEDED_TOKENS } from "../chains/evm/seeded-tokens";
import type { DbOrTx } from "../db/client";
import { swapConfigs, swapQuotes } from "../db/schema";
import { NATIVE } from "./local-pools";
import { providerNamed } from "./providers";

/** Every token a swap fee can be taken in: the local pools trade the native coin and the seeded tokens. */
export const FEE_TOKENS: `0x${string}`[] = [NATIVE, ...SEEDED_TOKENS.map((t) => t.address)];

/** The organization's swap fee receiver, if it set one (upsert_swap_config). */
export async function feeReceiverOf(db: DbOrTx, organizationId: string) {
  const [config] = await db.select().from(swapConfigs).where(eq(swapConfigs.organizationId, organizationId));
  return (config?.feeReceiverAddress ?? undefined) as `0x${string}` | undefined;
}

/**
 * The chains and providers that can owe `receiver` a fee: those where an executed swap of this
 * organization named it, except providers that paid the fee in the swap itself (0x). Nowhere else
 * is asked, so neither claiming nor listing reads idle chains.
 */
export async function feePlaces(db: DbOrTx, organizationId: string, receiver: `0x${string}`) {
  const places = await db
    .selectDistinct({ caip2: swapQuotes.caip2, provider: swapQuotes.provider })
    .from(swapQuotes)
    .where(
      and(
        eq(swapQuotes.organizationId, organizationId),
        eq(swapQuotes.feeReceiver, receiver),
        isNotNull(swapQuotes.executedAt),
      ),
    )
    .orderBy(swapQuotes.caip2, swapQuotes.provider);
  return places.filter((p) => !providerNamed(p.provider)?.feesPaidInSwap);
}
