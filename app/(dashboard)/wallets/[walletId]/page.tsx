"use client";

import { use } from "react";
import { WalletDetail } from "@/components/wallets/wallet-detail";

export default function WalletPage({ params }: { params: Promise<{ walletId: string }> }) {
  const { walletId } = use(params);
  return <WalletDetail walletId={walletId} />;
}
