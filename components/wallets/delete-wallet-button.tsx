"use client";

import { useRouter } from "next/navigation";
import type { TWallet } from "@/lib/api/wallets";
import { useActivityMutation } from "@/lib/queries/activity-mutation";
import { ActivityOutcome } from "../ui/activity-outcome";
import { ConfirmDeleteSecret } from "./confirm-delete-secret";
import { WALLET_LIST } from "./use-wallets";

/** Delete the wallet (after asking); once done, back to the list of wallets. */
export function DeleteWalletButton({ wallet }: { wallet: TWallet }) {
  const router = useRouter();
  const remove = useActivityMutation<boolean>(
    "delete_wallets",
    (deleteWithoutExport) => ({ walletIds: [wallet.walletId], deleteWithoutExport }),
    [WALLET_LIST],
  );
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
