/**
 * The gas limit to sign for a node's estimate. A contract call gets a fifth more plus a fixed
 * 50,000: its cost in the block that includes it can exceed what the estimate saw, above all where
 * state follows the block's time (a vault's interest accrual, a fee wrapper minting its fee shares
 * on the first call of a new second), and each first write to an empty storage slot costs 22,100
 * gas — a proportional margin alone is too thin for a small call. A transfer to an account
 * without code costs exactly its estimate; one to code (a 7702-delegated account) gets the fifth.
 * Unused gas is refunded; only the balance check at inclusion sees the limit.
 */
export function gasLimitFor(estimate: bigint, data: string | undefined): bigint {
  if (estimate <= 21_000n) return estimate; // a transfer to an account without code
  const proportional = (estimate * 6n) / 5n;
  return data && data !== "0x" ? proportional + 50_000n : proportional;
}
