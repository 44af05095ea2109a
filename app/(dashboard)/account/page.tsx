import { AddPasskeyForm } from "@/components/account/add-passkey-form";
import { MfaPoliciesCard } from "@/components/account/mfa-policies-card";
import { PasskeyTable } from "@/components/account/passkey-table";
import { NotificationSettings } from "@/components/notifications/notification-settings";

export default function AccountPage() {
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Your passkeys</h1>
        <p className="text-sm text-muted-foreground">
          Each passkey signs you in and approves changes. Keep more than one, on different devices, so that
          losing one does not lock you out.
        </p>
      </div>
      <AddPasskeyForm />
      <PasskeyTable />
      <MfaPoliciesCard />
      <NotificationSettings />
    </div>
  );
}
