"use client";

import { use } from "react";
import { AccountOverview } from "@/components/wallet-account/account-overview";

export default function WalletAccountPage({
  params,
}: {
  params: Promise<{ walletId: string; address: string }>;
}) {
  const { walletId, address } = use(params);
  return <AccountOverview walletId={walletId} address={decodeURIComponent(address)} />;
}
