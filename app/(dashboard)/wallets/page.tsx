import { CreateWalletForm } from "@/components/wallets/create-wallet-form";
import { WalletTable } from "@/components/wallets/wallet-table";

export default function WalletsPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Wallets</h1>
      <CreateWalletForm />
      <WalletTable />
    </div>
  );
}
