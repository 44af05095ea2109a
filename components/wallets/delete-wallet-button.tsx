"use client";

import { useRouter } from "next/navigation";
import type { TWallet } from "@/lib/api/wallets";
import { useDeleteWallet } from "@/lib/queries/wallets";
import { ActivityOutcome } from "../ui/activity-outcome";
import { ConfirmDeleteSecret } from "./confirm-delete-secret";

/** Delete the wallet (after asking); once done, back to the list of wallets. */
export function DeleteWalletButton({ wallet }: { wallet: TWallet }) {
  const router = useRouter();
  const remove = useDeleteWallet(wallet.walletId);
  return (
    <>
      <ConfirmDeleteSecret
        what={`wallet ${wallet.walletName}`}
        exported={wallet.exported}
        disabled={remove.isPending}
        onConfirm={(deleteWithoutExport) =>
          remove.mutate(deleteWithoutExport, {
            onSuccess: (activity) => {
              if (activity.status === "ACTIVITY_STATUS_COMPLETED") router.push("/wallets");
            },
          })
        }
      />
      <ActivityOutcome className="basis-full" activity={remove.data} error={remove.error} />
    </>
  );
}
