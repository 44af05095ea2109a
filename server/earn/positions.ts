import { and, eq, inArray } from "drizzle-orm";
import type { TEarnPosition } from "@/lib/api/earn-wrappers";
import { readChain } from "../chains/read";
import type { AppContext } from "../context";
import { earnRequests, sendTransactions } from "../db/schema";
import { FEE_WRAPPER } from "./contracts";
import { wrapperVault } from "./deployment";
import { earnPrices } from "./price-source";
import { earnValueDisplay, usdValue } from "./prices";
import { readContract } from "./read-contract";
import type { WrapperWithStatus } from "./wrappers";

const same = (a: string | null, b: string) => a?.toLowerCase() === b.toLowerCase();

/**
 * A wallet's positions in the organization's wrappers: its shares' value now (net of fees: the
 * wrapper counts the fee not yet minted) read from the chain, and the lifetime totals of its
 * confirmed deposits and withdrawals through Latchkey. A wrapper it holds nothing in is left out.
 */
export async function walletPositions(
  app: AppContext,
  organizationId: string,
  wallet: string,
  wrappers: WrapperWithStatus[],
): Promise<TEarnPosition[]> {
  const moved = await app.db
    .select({
      kind: earnRequests.kind,
      wallet: earnRequests.walletAddress,
      wrapper: earnRequests.wrapperAddress,
      caip2: earnRequests.caip2,
      assets: earnRequests.assets,
    })
    .from(earnRequests)
    .innerJoin(sendTransactions, eq(sendTransactions.id, earnRequests.sendId))
    .where(
      and(
        eq(earnRequests.organizationId, organizationId),
        inArray(earnRequests.kind, ["DEPOSIT", "WITHDRAW"]),
        eq(sendTransactions.status, "COMPLETED"),
      ),
    );
  const positions = await Promise.all(
    wrappers
      .filter((w) => w.deployStatus === "COMPLETED")
      .map(async (w) => {
        const value = await readChain(w.caip2, async () => {
          const client = await app.chains.rpc(w.caip2);
          const shares = await readContract<bigint>(client, w.wrapperAddress, FEE_WRAPPER.abi, "balanceOf", [
            wallet,
          ]);
          return shares === 0n
            ? 0n
            : readContract<bigint>(client, w.wrapperAddress, FEE_WRAPPER.abi, "previewRedeem", [shares]);
        });
        const mine = moved.filter(
          (m) => m.caip2 === w.caip2 && same(m.wrapper, w.wrapperAddress) && same(m.wallet, wallet),
        );
        return { w, value, mine };
      }),
  );
  const out: TEarnPosition[] = [];
  for (const { w, value, mine } of positions) {
    if (value === 0n) continue;
    const total = (kind: string) =>
      mine.filter((m) => m.kind === kind).reduce((sum, m) => sum + BigInt(m.assets ?? "0"), 0n);
    const deposited = total("DEPOSIT");
    const withdrawn = total("WITHDRAW");
    const vault = wrapperVault(app, w);
    const { symbol, decimals } = vault.token;
    const usd = (amount: bigint) =>
      usdValue(earnPrices(app), symbol, amount, decimals).catch(() => undefined);
    const current = earnValueDisplay(value, decimals, await usd(value));
    const dep = earnValueDisplay(deposited, decimals, await usd(deposited));
    const wd = earnValueDisplay(withdrawn, decimals, await usd(withdrawn));
    out.push({
      vaultAddress: vault.address,
      wrapperAddress: w.wrapperAddress,
      provider: vault.provider,
      caip19: `${w.caip2}/erc20:${vault.token.address.toLowerCase()}`,
      currentValue: value.toString(),
      totalDeposited: deposited.toString(),
      totalWithdrawn: withdrawn.toString(),
      display: {
        currentValueCrypto: current.crypto,
        totalDepositedCrypto: dep.crypto,
        totalWithdrawnCrypto: wd.crypto,
        ...(current.usd ? { currentValueUsd: current.usd } : {}),
        ...(dep.usd ? { totalDepositedUsd: dep.usd } : {}),
        ...(wd.usd ? { totalWithdrawnUsd: wd.usd } : {}),
      },
      depositsDisabled: w.depositsDisabled,
    });
  }
  return out;
}
