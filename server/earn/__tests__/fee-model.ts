/**
 * An independent bigint model of LocalYieldVault + FeeWrapper + FeeSplitter, written from the
 * rules (simple interest by the second, virtual shares of 10^6, fee = yield above the high-water
 * mark × bps / 10000, every division rounded as the contracts document). The contract tests replay
 * the same actions at the same block timestamps and require the chain to agree to the wei.
 */
const YEAR = 365n * 24n * 3600n;
const VIRTUAL = 10n ** 6n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

export class FeeModel {
  // The protocol vault.
  accounted = 0n;
  lastAccrual: bigint;
  vaultSupply = 0n;
  // The wrapper.
  wrapperVaultShares = 0n;
  supply = 0n;
  highWaterMark = 0n;
  readonly shares = new Map<string, bigint>();

  constructor(
    readonly rateBps: bigint,
    readonly clientFeeBps: bigint,
    readonly operatorFeeBps: bigint,
    deployedAt: bigint,
  ) {
    this.lastAccrual = deployedAt;
  }

  get feeBps() {
    return this.clientFeeBps + this.operatorFeeBps;
  }

  vaultAssets(at: bigint) {
    return this.accounted + (this.accounted * this.rateBps * (at - this.lastAccrual)) / (10_000n * YEAR);
  }

  totalAssets(at: bigint) {
    return (this.wrapperVaultShares * (this.vaultAssets(at) + 1n)) / (this.vaultSupply + VIRTUAL);
  }

  /** FeeWrapper._accrue: fee shares to the splitter, the mark up to the total. */
  accrue(at: bigint) {
    const total = this.totalAssets(at);
    if (total <= this.highWaterMark) return;
    const feeAssets = ((total - this.highWaterMark) * this.feeBps) / 10_000n;
    if (feeAssets > 0n) {
      const feeShares = (feeAssets * (this.supply + VIRTUAL)) / (total - feeAssets + 1n);
      this.supply += feeShares;
      this.credit("splitter", feeShares);
    }
    this.highWaterMark = total;
  }

  deposit(holder: string, assets: bigint, at: bigint) {
    this.accrue(at);
    const total = this.totalAssets(at);
    const shares = (assets * (this.supply + VIRTUAL)) / (total + 1n);
    this.highWaterMark =
      this.supply === 0n || total === 0n
        ? total + assets
        : this.highWaterMark + ceilDiv(assets * this.highWaterMark, total);
    // LocalYieldVault.deposit: accrue, then shares at the accrued price.
    this.accounted = this.vaultAssets(at);
    this.lastAccrual = at;
    const vaultShares = (assets * (this.vaultSupply + VIRTUAL)) / (this.accounted + 1n);
    this.accounted += assets;
    this.vaultSupply += vaultShares;
    this.wrapperVaultShares += vaultShares;
    this.supply += shares;
    this.credit(holder, shares);
  }

  /** redeem(all of holder's shares): the assets paid out. */
  redeemAll(holder: string, at: bigint): bigint {
    this.accrue(at);
    const shares = this.shares.get(holder) ?? 0n;
    const total = this.totalAssets(at);
    const assets = (shares * (total + 1n)) / (this.supply + VIRTUAL);
    if (total > 0n) this.highWaterMark -= (assets * this.highWaterMark) / total;
    this.accounted = this.vaultAssets(at);
    this.lastAccrual = at;
    const burned = ceilDiv(assets * (this.vaultSupply + VIRTUAL), this.accounted + 1n);
    this.accounted -= assets;
    this.vaultSupply -= burned;
    this.wrapperVaultShares -= burned;
    this.supply -= shares;
    this.shares.set(holder, 0n);
    return assets;
  }

  /** FeeSplitter.claim: the client's part rounded up, the operator's the rest. */
  claim(at: bigint) {
    const assets = this.redeemAll("splitter", at);
    const client = this.feeBps === 0n ? 0n : ceilDiv(assets * this.clientFeeBps, this.feeBps);
    return { assets, client, operator: assets - client };
  }

  private credit(holder: string, shares: bigint) {
    this.shares.set(holder, (this.shares.get(holder) ?? 0n) + shares);
  }
}
