import type { AppContext } from "../context";
import { ApiError } from "../errors";
import { findCheckout, payCheckout } from "../onramp/sandbox";
import { renderOnRampTransaction } from "../onramp/transactions";

/**
 * The sandbox checkout, reached by the unguessable token in an onRampUrl and nothing else: no
 * login, no stamp. Whoever holds the link may see that one purchase and "pay" it, as with a real
 * provider's hosted checkout.
 */
export async function checkoutView(app: AppContext, token: string) {
  const row = await findCheckout(app, token);
  return row ? renderOnRampTransaction(row) : undefined;
}

/** The checkout form's POST: pay, then back to the page (303), which shows where the purchase stands. */
export async function handleCheckoutPay(app: AppContext, request: Request, token: string): Promise<Response> {
  const page = `/onramp/checkout/${encodeURIComponent(token)}`;
  const form = await request.formData().catch(() => undefined);
  const amount = String(form?.get("amount") ?? "").trim();
  try {
    await payCheckout(app, token, amount);
    return new Response(null, { status: 303, headers: { Location: page } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === "NOT_FOUND") {
      return Response.json({ code: 5, message: "no sandbox checkout has this link" }, { status: 404 });
    }
    return new Response(null, {
      status: 303,
      headers: { Location: `${page}?error=${encodeURIComponent(error.message)}` },
    });
  }
}
