import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { jobs } from "../../db/schema";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  type Receiver,
  startReceiver,
  verifyDelivery,
  type WebhookScene,
  webhookScene,
} from "./webhook-scene";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({
    env: {
      LATCHKEY_WEBHOOK_ALLOWED_NETWORKS: "127.0.0.1/32",
      LATCHKEY_WEBHOOK_RETRY_BASE_MS: "1000",
      LATCHKEY_WEBHOOK_TIMEOUT_MS: "400",
      LATCHKEY_WEBHOOK_RETRY_SECONDS: "20",
      LATCHKEY_WEBHOOK_DISABLE_AFTER_SECONDS: "10",
    },
  });
});
afterAll(() => t.close());

let scene: WebhookScene | undefined;
let receiver: Receiver | undefined;
afterEach(async () => {
  await receiver?.close();
  // Whatever this test left pending must not reach the next test's receiver.
  await t.app.db.delete(jobs);
  scene = undefined;
  receiver = undefined;
});

async function endpointFor(s: WebhookScene, url: string, eventType = "ACTIVITY_UPDATES"): Promise<string> {
  const created = await s.submit("create_webhook_endpoint", "ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT", {
    url,
    name: "Receiver",
    subscriptions: [{ eventType }],
  });
  expect(created.status, JSON.stringify(created.body)).toBe(200);
  return created.body.activity.result.createWebhookEndpointResult.endpointId;
}

async function createTag(s: WebhookScene, name: string) {
  const tag = await s.submit("create_user_tag", "ACTIVITY_TYPE_CREATE_USER_TAG", {
    userTagName: name,
    userIds: [],
  });
  expect(tag.status, JSON.stringify(tag.body)).toBe(200);
  return tag.body.activity.id as string;
}

describe("webhook delivery", () => {
  it("signs every attempt, retries after two 500s and is delivered by the third", async () => {
    receiver = await startReceiver((n) => (n <= 2 ? 500 : 200));
    scene = await webhookScene(t);
    // The endpoint's own creation completes after it exists: that is its first event; drop it.
    const endpointId = await endpointFor(scene, receiver.url);
    await scene.t.app.db.delete(jobs);
    const activityId = await createTag(scene, "ops");

    await scene.deliverDue(5_000);
    await scene.deliverDue(5_000);
    expect(receiver.received).toHaveLength(2);
    await scene.deliverDue(5_000);
    expect(receiver.received).toHaveLength(3);
    await scene.deliverDue(60_000);
    expect(receiver.received).toHaveLength(3); // delivered: never sent again

    const { publicKey } = await scene.query("get_server_signing_key", {});
    for (const seen of receiver.received) {
      expect(verifyDelivery(publicKey, seen, Number(seen.headers["x-latchkey-timestamp"]))).toBe(true);
      expect(JSON.parse(seen.body)).toMatchObject({
        eventType: "ACTIVITY_UPDATES",
        organizationId: scene.organizationId,
        data: {
          activityId,
          activityType: "ACTIVITY_TYPE_CREATE_USER_TAG",
          activityStatus: "ACTIVITY_STATUS_COMPLETED",
        },
      });
    }
    // Each attempt is signed afresh (its own timestamp); a tampered body fails the check.
    const third = receiver.received[2]!;
    expect(third.headers["x-latchkey-timestamp"]).not.toBe(
      receiver.received[0]!.headers["x-latchkey-timestamp"],
    );
    expect(
      verifyDelivery(
        publicKey,
        { ...third, body: third.body.replace("COMPLETED", "FAILED") },
        Number(third.headers["x-latchkey-timestamp"]),
      ),
    ).toBe(false);
    const stale = Number(third.headers["x-latchkey-timestamp"]) + 10 * 60_000;
    expect(verifyDelivery(publicKey, third, stale)).toBe(false);

    const log = await scene.query("list_webhook_deliveries", { endpointId });
    expect(log.signingPublicKey).toBe(publicKey);
    const delivery = log.deliveries.find(
      (d: { body: string }) => JSON.parse(d.body).data.activityId === activityId,
    );
    expect(delivery.status).toBe("SUCCEEDED");
    expect(delivery.body).toBe(third.body);
    expect(delivery.attempts.map((a: { statusCode: number }) => a.statusCode)).toEqual([500, 500, 200]);
    for (const attempt of delivery.attempts) expect(attempt.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it("times a hanging receiver out and keeps the attempt in the log", async () => {
    receiver = await startReceiver(() => "hang");
    scene = await webhookScene(t);
    const endpointId = await endpointFor(scene, receiver.url);
    const started = Date.now();
    await scene.deliverDue();
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(receiver.received).toHaveLength(1);
    const log = await scene.query("list_webhook_deliveries", { endpointId });
    const [attempt] = log.deliveries[0].attempts;
    expect(attempt.statusCode).toBeUndefined();
    expect(attempt.error).toBe("timed out after 400 ms");
    expect(attempt.latencyMs).toBeGreaterThanOrEqual(400);
    expect(log.deliveries[0].status).toBe("PENDING");
  });

  it("does not follow a redirect: a 3xx is a failed attempt", async () => {
    receiver = await startReceiver(() => 302);
    scene = await webhookScene(t);
    const endpointId = await endpointFor(scene, receiver.url);
    await scene.deliverDue();
    const log = await scene.query("list_webhook_deliveries", { endpointId });
    expect(log.deliveries[0].attempts[0]).toMatchObject({ statusCode: 302, error: "answered HTTP 302" });
  });

  it("gives up after the retry period and deactivates an endpoint failing for long, saying why", async () => {
    receiver = await startReceiver(() => 503);
    scene = await webhookScene(t);
    const endpointId = await endpointFor(scene, receiver.url);
    for (let i = 0; i < 12; i += 1) await scene.deliverDue(4_000);
    const log = await scene.query("list_webhook_deliveries", { endpointId });
    expect(log.deliveries[0].status).toBe("FAILED");
    const sent = receiver.received.length;
    expect(sent).toBeGreaterThanOrEqual(3);
    const { webhookEndpoints } = await scene.query("list_webhook_endpoints", {});
    expect(webhookEndpoints[0].isActive).toBe(false);
    expect(webhookEndpoints[0].disabledReason).toMatch(/every delivery failed since .*answered HTTP 503/);
    // Deactivated: new events are not recorded for it.
    await createTag(scene, "later");
    await scene.deliverDue(60_000);
    expect(receiver.received).toHaveLength(sent);

    // Redeliver is refused while inactive, and sends the same body again once it is active.
    const redeliver = () =>
      scene!.submit("redeliver_webhook", "ACTIVITY_TYPE_REDELIVER_WEBHOOK", {
        deliveryId: log.deliveries[0].deliveryId,
      });
    expect((await redeliver()).status).toBe(400);
    const on = await scene.submit("update_webhook_endpoint", "ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT", {
      endpointId,
      isActive: true,
    });
    expect(
      on.body.activity.result.updateWebhookEndpointResult.webhookEndpoint.disabledReason,
    ).toBeUndefined();
    const again = await redeliver();
    expect(again.status).toBe(200);
    await scene.deliverDue();
    const redelivered = receiver.received.find(
      (seen) =>
        seen.headers["x-latchkey-delivery-id"] ===
        again.body.activity.result.redeliverWebhookResult.deliveryId,
    );
    expect(redelivered?.body).toBe(receiver.received[0]!.body);
  });
});
