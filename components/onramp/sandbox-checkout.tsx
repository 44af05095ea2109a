import type { TOnRampTransaction } from "@/lib/api/onramp";
import { Alert } from "../ui/alert";
import { Button } from "../ui/button";
import { Input } from "../ui/input";
import { Label } from "../ui/label";
import { OnRampStatusBadge } from "./status-badge";

const label = (code: string) => code.replace(/^FIAT_ON_RAMP_[A-Z_]*?(CURRENCY|NETWORK|PROVIDER)_/, "");

/**
 * The sandbox's hosted checkout: what is being bought, for which wallet, and a Pay button. A plain
 * form POST, so it works without JavaScript, as a provider's page would.
 */
export function SandboxCheckout({
  token,
  purchase,
  error,
}: {
  token: string;
  purchase: TOnRampTransaction | undefined;
  error: string | undefined;
}) {
  if (!purchase) {
    return <Alert className="mt-4">This checkout link is not valid.</Alert>;
  }
  const unpaid = purchase.transactionStatus === "CREATED";
  return (
    <div className="mt-4 grid gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted-foreground">Buying</dt>
        <dd>
          {label(purchase.cryptoCurrencyCode)} on {label(purchase.network)}
        </dd>
        <dt className="text-muted-foreground">Provider</dt>
        <dd>{label(purchase.onrampProvider)} (sandbox)</dd>
        <dt className="text-muted-foreground">Wallet</dt>
        <dd className="break-all font-mono text-xs">{purchase.walletAddress}</dd>
        <dt className="text-muted-foreground">Status</dt>
        <dd>
          <OnRampStatusBadge status={purchase.transactionStatus} />
        </dd>
      </dl>
      {error ? <Alert>{error}</Alert> : null}
      {unpaid ? (
        <form
          method="post"
          action={`/api/onramp/checkout/${encodeURIComponent(token)}`}
          className="grid gap-3"
        >
          <div className="grid gap-1.5">
            <Label htmlFor="amount">Amount (USD)</Label>
            <Input
              id="amount"
              name="amount"
              inputMode="decimal"
              required
              defaultValue={purchase.fiatCurrencyAmount ?? "100"}
            />
          </div>
          <Button type="submit">Pay</Button>
        </form>
      ) : (
        <p className="text-sm" role="status">
          {purchase.transactionStatus === "COMPLETED"
            ? "Paid. The crypto was sent to the wallet."
            : purchase.transactionStatus === "FAILED"
              ? `The purchase failed${purchase.failureReason ? `: ${purchase.failureReason}` : "."}`
              : "Paid. The purchase is being processed; reload this page to follow it."}
        </p>
      )}
    </div>
  );
}
