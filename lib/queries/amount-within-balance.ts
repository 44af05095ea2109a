import type { TAssetBalance, TAssetMetadata } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { parseDisplayAmount } from "@/lib/client/amounts";

/**
 * The typed amount in base units, if it has the asset's decimals at most and the balance the page
 * shows covers it; otherwise the problem is reported on the form's `amount` field. Balances not
 * read yet are no reason to refuse: the chain (and the server) decide then.
 */
export function amountWithinBalance(
  caip2: string,
  asset: TAssetMetadata,
  text: string,
  balances: Record<string, readonly TAssetBalance[] | undefined>,
  problem: (path: string, message: string) => void,
): bigint | undefined {
  const parsed = parseDisplayAmount(text, asset.decimals);
  if ("problem" in parsed) {
    problem("amount", parsed.problem);
    return undefined;
  }
  const shown = balances[caip2];
  if (!shown) return parsed.units;
  const held = shown.find((b) => b.caip19 === asset.caip19);
  if (parsed.units > BigInt(held?.balance ?? "0")) {
    const on = chainInfo(caip2)?.name ?? caip2;
    problem("amount", `is more than the balance on ${on} (${held?.display.crypto ?? "0"} ${asset.symbol})`);
    return undefined;
  }
  return parsed.units;
}
