import { runDueJobs } from "../../jobs/worker";
import type { TestApp, TestKey } from "../../testing/harness";
import { WEBHOOK_JOB_HANDLERS } from "../deliver-job";

// biome-ignore lint/suspicious/noExplicitAny: API bodies are read field by field, each read checked by an expect.
export type Body = Record<string, any>;

export { type Received, type Receiver, startReceiver, verifyDelivery } from "./receiver";

export interface WebhookScene {
  t: TestApp;
  organizationId: string;
  key: TestKey;
  submit(path: string, type: string, parameters: unknown): Promise<{ status: number; body: Body }>;
  query(path: string, body: Record<string, unknown>): Promise<Body>;
  /** Run due webhook jobs, then move the clock on by `ms` (so the next retry is due). */
  deliverDue(advanceMs?: number): Promise<void>;
}

/** A fresh organization on a shared test app (starting one costs a minute on a loaded machine). */
export async function webhookScene(t: TestApp, enable = true): Promise<WebhookScene> {
  const { organizationId, key } = await t.newOrganization();
  const submit = async (path: string, type: string, parameters: unknown) => {
    const response = await t.call<Body>("submit", path, t.activity(type, organizationId, parameters), key);
    return { status: response.status, body: response.body };
  };
  if (enable) {
    const on = await submit("set_organization_feature", "ACTIVITY_TYPE_SET_ORGANIZATION_FEATURE", {
      name: "FEATURE_NAME_WEBHOOK",
      value: "",
    });
    if (on.status !== 200) throw new Error(`enabling webhooks: ${JSON.stringify(on.body)}`);
  }
  return {
    t,
    organizationId,
    key,
    submit,
    async query(path, body) {
      const response = await t.call<Body>("query", path, { organizationId, ...body }, key);
      if (response.status !== 200) throw new Error(`${path}: ${JSON.stringify(response.body)}`);
      return response.body;
    },
    async deliverDue(advanceMs = 0) {
      await runDueJobs(t.app, WEBHOOK_JOB_HANDLERS, 50);
      t.clock.advance(advanceMs);
    },
  };
}
