import type { TEarnEnabledVault } from "@/lib/api/earn-wrappers";
import { readChain } from "../chains/read";
import type { AppContext } from "../context";
import { netApyFraction } from "./apy";
import { bpsAsFraction } from "./catalog";
import { FEE_SPLITTER, FEE_WRAPPER } from "./contracts";
import { wrapperVault } from "./deployment";
import { earnPrices } from "./price-source";
import { earnValueDisplay, usdValue } from "./prices";
import { readContract } from "./read-contract";
import { readVaultApyBps } from "./vault-apy";
import type { WrapperWithStatus } from "./wrappers";

/**
 * One confirmed wrapper as list_earn_enabled_vaults shows it, read from the chain now: the vault's
 * gross APY and the net after both fees, what the wrapper holds, and the client's claimable fee
 * (the splitter's claimable(), which counts the fee not yet minted).
 */
export async function readEnabledVault(app: AppContext, w: WrapperWithStatus): Promise<TEarnEnabledVault> {
  const vault = wrapperVault(app, w);
  const { rateBps, totalAssets, claimable } = await readChain(w.caip2, async () => {
    const client = await app.chains.rpc(w.caip2);
    const [rate, total, split] = await Promise.all([
      readVaultApyBps(client, vault),
      readContract<bigint>(client, w.wrapperAddress, FEE_WRAPPER.abi, "totalAssets"),
      readContract<readonly [bigint, bigint]>(client, w.splitterAddress, FEE_SPLITTER.abi, "claimable"),
    ]);
    return { rateBps: rate, totalAssets: total, claimable: split[0] };
  });
  const { symbol, decimals } = vault.token;
  const prices = earnPrices(app);
  const usd = (amount: bigint) => usdValue(prices, symbol, amount, decimals).catch(() => undefined);
  return {
    vaultAddress: vault.address,
    wrapperAddress: w.wrapperAddress,
    provider: vault.provider,
    caip19: `${w.caip2}/erc20:${vault.token.address.toLowerCase()}`,
    apyPct: bpsAsFraction(rateBps),
    netApyPct: netApyFraction(rateBps, w.clientFeeBps + w.operatorFeeBps),
    totalDeposited: totalAssets.toString(),
    display: earnValueDisplay(totalAssets, decimals, await usd(totalAssets)),
    clientFeeBps: String(w.clientFeeBps),
    clientFeeWallet: w.clientFeeWallet,
    depositsDisabled: w.depositsDisabled,
    name: vault.name,
    curator: vault.curator,
    claimableClientFee: claimable.toString(),
    claimableClientFeeDisplay: earnValueDisplay(claimable, decimals, await usd(claimable)),
  };
}
