import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { checkUrlShape, UrlRefused } from "../address-guard";
import { loadWebhookConfig } from "../config";
import { postOnce } from "../outbound";
import { startReceiver, webhookScene } from "./webhook-scene";

// No LATCHKEY_WEBHOOK_ALLOWED_NETWORKS here: the installation a user gets by default.
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const CREATE = "ACTIVITY_TYPE_CREATE_WEBHOOK_ENDPOINT";

describe("webhook endpoints", () => {
  it("needs FEATURE_NAME_WEBHOOK", async () => {
    const s = await webhookScene(t, false);
    const refused = await s.submit("create_webhook_endpoint", CREATE, {
      url: "https://example.com/hook",
      name: "A",
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/FEATURE_NAME_WEBHOOK/);
  });

  it("creates, lists, updates and deletes an endpoint in the reference's shapes", async () => {
    const s = await webhookScene(t);
    const created = await s.submit("create_webhook_endpoint", CREATE, {
      url: "https://93.184.215.14/hook",
      name: "Ops",
      subscriptions: [
        { eventType: "ACTIVITY_UPDATES" },
        { eventType: "TRANSACTION_UPDATES", filtersJson: "{}" },
      ],
    });
    expect(created.status, JSON.stringify(created.body)).toBe(200);
    const { endpointId, webhookEndpoint } = created.body.activity.result.createWebhookEndpointResult;
    expect(webhookEndpoint).toEqual({
      endpointId,
      organizationId: s.organizationId,
      url: "https://93.184.215.14/hook",
      name: "Ops",
      isActive: true,
      subscriptions: [
        { eventType: "ACTIVITY_UPDATES", isActive: true },
        { eventType: "TRANSACTION_UPDATES", filtersJson: "{}", isActive: true },
      ],
    });
    const updated = await s.submit("update_webhook_endpoint", "ACTIVITY_TYPE_UPDATE_WEBHOOK_ENDPOINT", {
      endpointId,
      name: "Ops 2",
      isActive: false,
    });
    expect(updated.body.activity.result.updateWebhookEndpointResult.webhookEndpoint).toMatchObject({
      name: "Ops 2",
      isActive: false,
    });
    expect((await s.query("list_webhook_endpoints", {})).webhookEndpoints).toEqual([
      { ...webhookEndpoint, name: "Ops 2", isActive: false },
    ]);
    const deleted = await s.submit("delete_webhook_endpoint", "ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT", {
      endpointId,
    });
    expect(deleted.body.activity.result.deleteWebhookEndpointResult).toEqual({ endpointId });
    expect((await s.query("list_webhook_endpoints", {})).webhookEndpoints).toEqual([]);
    const again = await s.submit("delete_webhook_endpoint", "ACTIVITY_TYPE_DELETE_WEBHOOK_ENDPOINT", {
      endpointId,
    });
    expect(again.status).toBe(404);
  });

  it("refuses unknown event types and repeated ones with a 400 naming the field", async () => {
    const s = await webhookScene(t);
    const bad = await s.submit("create_webhook_endpoint", CREATE, {
      url: "https://example.com/hook",
      name: "A",
      subscriptions: [{ eventType: "BALANCE_WHATEVER" }],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/subscriptions/);
  });

  it.each([
    ["the cloud metadata address", "http://169.254.169.254/latest/meta-data"],
    ["a private network", "https://10.0.0.5/hook"],
    ["IPv6 loopback", "http://[::1]:8080/hook"],
    ["a name resolving to loopback", "http://localhost:3000/hook"],
    ["an IPv4-mapped IPv6 loopback", "http://[::ffff:127.0.0.1]/hook"],
    ["another scheme", "ftp://example.com/hook"],
  ])("refuses %s at creation (SSRF)", async (_, url) => {
    const s = await webhookScene(t);
    const refused = await s.submit("create_webhook_endpoint", CREATE, { url, name: "A" });
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.details?.[0]?.fieldViolations?.[0]?.field ?? "url").toBe("url");
  });

  it("checks the address actually connected to: a name resolving to loopback is refused at delivery", async () => {
    const receiver = await startReceiver(() => 200);
    try {
      const config = loadWebhookConfig({ NODE_ENV: "test" });
      const port = new URL(receiver.url).port;
      const outcome = await postOnce(config, `http://localhost:${port}/hook`, {}, "{}");
      expect(outcome.statusCode).toBeUndefined();
      expect(outcome.error).toMatch(/^refused: .*loopback/);
      expect(receiver.received).toHaveLength(0);
      // The same receiver, explicitly allowed, is reached.
      const allowed = loadWebhookConfig({
        NODE_ENV: "test",
        LATCHKEY_WEBHOOK_ALLOWED_NETWORKS: "127.0.0.0/8,::1",
      });
      expect((await postOnce(allowed, `http://localhost:${port}/hook`, {}, "{}")).statusCode).toBe(200);
    } finally {
      await receiver.close();
    }
  });

  it("requires https outside development", () => {
    const production = loadWebhookConfig({ NODE_ENV: "production" });
    expect(() => checkUrlShape(production, "http://hooks.example.com/x")).toThrow(UrlRefused);
    expect(checkUrlShape(production, "https://hooks.example.com/x").hostname).toBe("hooks.example.com");
    const optedIn = loadWebhookConfig({ NODE_ENV: "production", LATCHKEY_WEBHOOK_ALLOW_HTTP: "true" });
    expect(checkUrlShape(optedIn, "http://hooks.example.com/x").protocol).toBe("http:");
  });
});
