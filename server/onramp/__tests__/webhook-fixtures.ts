import { createHmac, randomUUID } from "node:crypto";
import { handleOnRampWebhook } from "../../api/onramp-webhook";
import type { TestApp } from "../../testing/harness";

/**
 * Local fakes of the two providers' webhook senders, signing as each documents: MoonPay's
 * `Moonpay-Signature-V2: t=…,s=hex(HMAC-SHA256(webhook key, "t.body"))`, and Coinbase's Hook0
 * `X-Hook0-Signature: t=…,h=<names>,v1=hex(HMAC-SHA256(secret, "t.names.values.body"))` over the
 * content-type and x-hook0-id headers. Deliveries go through the real edge handler.
 */

export interface Delivery {
  headers: Record<string, string>;
  body: string;
}

const hex = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");

export function moonPayDelivery(key: string, event: unknown, t: number): Delivery {
  const body = JSON.stringify(event);
  return {
    body,
    headers: {
      "content-type": "application/json",
      "moonpay-signature-v2": `t=${t},s=${hex(key, `${t}.${body}`)}`,
    },
  };
}

export function coinbaseDelivery(secret: string, event: unknown, t: number): Delivery {
  const body = JSON.stringify(event);
  const signed = { "content-type": "application/json", "x-hook0-id": randomUUID() };
  const names = Object.keys(signed).join(" ");
  const values = Object.values(signed).join(".");
  return {
    body,
    headers: {
      ...signed,
      // v0 is Hook0's older form over the body alone; receivers are to check v1.
      "x-hook0-signature": `t=${t},v0=${hex(secret, `${t}.${body}`)},h=${names},v1=${hex(secret, `${t}.${names}.${values}.${body}`)}`,
    },
  };
}

/** The provider's clock: our test clock, in whole seconds. */
export const providerNow = (t: TestApp) => Math.floor(t.app.clock.now().getTime() / 1000);

export async function deliver(t: TestApp, credentialId: string, delivery: Delivery) {
  const response = await handleOnRampWebhook(
    t.app,
    new Request(`http://localhost/api/onramp/webhooks/${credentialId}`, {
      method: "POST",
      headers: delivery.headers,
      body: delivery.body,
    }),
    credentialId,
  );
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
