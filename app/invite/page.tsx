import { AuthPage } from "@/components/auth/auth-page";
import { AcceptInvitation } from "@/components/invite/accept-invitation";

export default function InvitePage() {
  return (
    <AuthPage
      title="Invitation"
      description="Someone gave you this link to join their organization. It works once, for a day."
    >
      <AcceptInvitation />
    </AuthPage>
  );
}
