import { handleCheckoutPay } from "@/server/api/onramp-checkout";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ token: string }> }) {
  return handleCheckoutPay(await getRuntime(), request, (await params).token);
}
