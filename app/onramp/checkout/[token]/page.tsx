import { AuthPage } from "@/components/auth/auth-page";
import { SandboxCheckout } from "@/components/onramp/sandbox-checkout";
import { checkoutView } from "@/server/api/onramp-checkout";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export default async function CheckoutPage({
  params,
  searchParams,
}: {
  params: Promise<{ token: string }>;
  searchParams: Promise<{ error?: string }>;
}) {
  const { token } = await params;
  const purchase = await checkoutView(await getRuntime(), token);
  return (
    <AuthPage
      title="Sandbox checkout"
      description="A stand-in for the provider's checkout: no money moves. Paying sends development funds on the local chain."
    >
      <SandboxCheckout token={token} purchase={purchase} error={(await searchParams).error} />
    </AuthPage>
  );
}
