import { createHmac, generateKeyPairSync } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encryptOnRampSecret } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { coinbaseDelivery, deliver, moonPayDelivery, providerNow } from "./webhook-fixtures";

/**
 * Provider webhooks through the real edge (POST /api/onramp/webhooks/<credentialId>): the
 * credential's webhook secret set by set_fiat_on_ramp_webhook_secret; MoonPay's and Coinbase's
 * deliveries signed as they document move a purchase's status, once per change and never out of
 * a final one; unsigned, badly signed, stale, replayed or garbled deliveries are clear 4xx that
 * change nothing.
 */

const MOONPAY_WEBHOOK_KEY = "wk_test_moon";
const COINBASE_WEBHOOK_SECRET = "cb-subscription-secret";
const WALLET = "0x2222222222222222222222222222222222222222";

// Coinbase's init asks for a session token: the only provider call these tests need.
let fake: http.Server;
let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
let publicKey = "";
const credential: Record<"moonpay" | "coinbase", string> = { moonpay: "", coinbase: "" };

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    req.resume();
    req.on("end", () => res.writeHead(200, { "content-type": "application/json" }).end('{"token":"tok-1"}'));
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  t = await startTestApp({ env: { LATCHKEY_COINBASE_API_URL: fakeUrl, LATCHKEY_ONRAMP_TIMEOUT_MS: "2000" } });
  org = await t.newOrganization("Webhook org");
  const key = await t.call(
    "query",
    "get_on_ramp_encryption_key",
    { organizationId: org.organizationId },
    org.key,
  );
  publicKey = (key.body as { publicKey: string }).publicKey;
  for (const [name, parameters] of [
    [
      "moonpay",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_moon",
        encryptedSecretApiKey: encryptOnRampSecret("sk_test_moon", publicKey),
      },
    ],
    [
      "coinbase",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
        publishableApiKey: "organizations/org-1/apiKeys/key-1",
        encryptedSecretApiKey: encryptOnRampSecret("unused", publicKey),
        encryptedPrivateApiKey: encryptOnRampSecret(
          generateKeyPairSync("ec", { namedCurve: "P-256" })
            .privateKey.export({ type: "sec1", format: "pem" })
            .toString(),
          publicKey,
        ),
      },
    ],
  ] as const) {
    const created = await submit("create_fiat_on_ramp_credential", parameters);
    credential[name] = result(created, "createFiatOnRampCredentialResult").fiatOnRampCredentialId as string;
  }
});
afterAll(async () => {
  await t?.close();
  fake?.closeAllConnections();
  await new Promise<void>((resolve) => fake?.close(() => resolve()));
});

const TYPES: Record<string, string> = {
  create_fiat_on_ramp_credential: "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
  set_fiat_on_ramp_webhook_secret: "ACTIVITY_TYPE_SET_FIAT_ON_RAMP_WEBHOOK_SECRET",
  init_fiat_on_ramp: "ACTIVITY_TYPE_INIT_FIAT_ON_RAMP",
};
const submit = (path: string, parameters: unknown) =>
  t.call("submit", path, t.activity(TYPES[path]!, org.organizationId, parameters), org.key);
const result = (response: { body: unknown }, key: string) =>
  (response.body as { activity: { result: Record<string, Record<string, unknown>> } }).activity.result[key]!;

async function purchase(provider: "MOONPAY" | "COINBASE"): Promise<string> {
  const response = await submit("init_fiat_on_ramp", {
    onrampProvider: `FIAT_ON_RAMP_PROVIDER_${provider}`,
    walletAddress: WALLET,
    network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
    cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
    fiatCurrencyAmount: "50",
  });
  expect(response.status).toBe(200);
  return result(response, "initFiatOnRampResult").onRampTransactionId as string;
}
async function transaction(id: string) {
  const answer = await t.call(
    "query",
    "get_onramp_transaction",
    { organizationId: org.organizationId, transactionId: id },
    org.key,
  );
  return answer.body as {
    transaction: { transactionStatus: string; providerStatus: string; txHash?: string };
    history: { transactionStatus: string; providerStatus: string; detail?: string }[];
  };
}
const moonPayEvent = (type: string, externalTransactionId: string, status: string, extra = {}) => ({
  type,
  data: { id: "mp-tx-1", externalTransactionId, status, ...extra },
});
const second = () => t.clock.advance(1000);

describe("set_fiat_on_ramp_webhook_secret", () => {
  it("seals the secret and answers the path to give the provider; a ciphertext not for this server is a 400", async () => {
    for (const [name, secret] of [
      ["moonpay", MOONPAY_WEBHOOK_KEY],
      ["coinbase", COINBASE_WEBHOOK_SECRET],
    ] as const) {
      const set = await submit("set_fiat_on_ramp_webhook_secret", {
        fiatOnrampCredentialId: credential[name],
        encryptedWebhookSecret: encryptOnRampSecret(secret, publicKey),
      });
      expect(set.status).toBe(200);
      expect(result(set, "setFiatOnRampWebhookSecretResult")).toEqual({
        fiatOnRampCredentialId: credential[name],
        webhookPath: `/api/onramp/webhooks/${credential[name]}`,
      });
    }
    const bad = await submit("set_fiat_on_ramp_webhook_secret", {
      fiatOnrampCredentialId: credential.moonpay,
      encryptedWebhookSecret: "not-base58check",
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain("encryptedWebhookSecret");
    const unknown = await submit("set_fiat_on_ramp_webhook_secret", {
      fiatOnrampCredentialId: "no-such-credential",
      encryptedWebhookSecret: encryptOnRampSecret("x", publicKey),
    });
    expect(unknown.status).toBe(404);
  });
});

describe("MoonPay webhooks", () => {
  it("move the purchase through its states once each; a replay is a 409, a late event never leaves COMPLETED", async () => {
    const id = await purchase("MOONPAY");
    const pending = moonPayDelivery(
      MOONPAY_WEBHOOK_KEY,
      moonPayEvent("transaction_updated", id, "waitingAuthorization"),
      providerNow(t),
    );
    expect(await deliver(t, credential.moonpay, pending)).toEqual({
      status: 200,
      body: { received: true, applied: true, transactionId: id, transactionStatus: "PENDING" },
    });
    // The very same signed request again: refused, nothing recorded twice.
    const replay = await deliver(t, credential.moonpay, pending);
    expect(replay.status).toBe(409);
    expect(replay.body).toMatchObject({ message: "this delivery (its signature) was already received" });

    // MoonPay may send the same news again, newly signed: received, no second history line.
    second();
    const again = moonPayEvent("transaction_updated", id, "waitingAuthorization");
    expect(
      (await deliver(t, credential.moonpay, moonPayDelivery(MOONPAY_WEBHOOK_KEY, again, providerNow(t))))
        .status,
    ).toBe(200);
    second();
    const done = moonPayEvent("transaction_updated", id, "completed", { cryptoTransactionId: "0xfeed" });
    expect(
      (await deliver(t, credential.moonpay, moonPayDelivery(MOONPAY_WEBHOOK_KEY, done, providerNow(t)))).body,
    ).toMatchObject({
      applied: true,
      transactionStatus: "COMPLETED",
    });
    // Deliveries may arrive out of order: a pending one after completion changes nothing.
    second();
    const late = moonPayEvent("transaction_updated", id, "pending");
    expect(
      (await deliver(t, credential.moonpay, moonPayDelivery(MOONPAY_WEBHOOK_KEY, late, providerNow(t)))).body,
    ).toMatchObject({
      applied: false,
      transactionStatus: "COMPLETED",
    });

    const { transaction: row, history } = await transaction(id);
    expect(row).toMatchObject({
      transactionStatus: "COMPLETED",
      providerStatus: "completed",
      txHash: "0xfeed",
    });
    expect(history.map((h) => [h.transactionStatus, h.providerStatus, h.detail])).toEqual([
      ["CREATED", expect.any(String), expect.anything()],
      ["PENDING", "waitingAuthorization", "webhook transaction_updated"],
      ["COMPLETED", "completed", "webhook transaction_updated"],
    ]);
  });

  it("refuses unsigned, wrongly keyed, tampered, stale and future deliveries with a 401, and changes nothing", async () => {
    const id = await purchase("MOONPAY");
    const event = moonPayEvent("transaction_failed", id, "failed", { failureReason: "card declined" });
    const now = providerNow(t);
    const signed = moonPayDelivery(MOONPAY_WEBHOOK_KEY, event, now);
    const cases: [string, typeof signed, string][] = [
      ["unsigned", { ...signed, headers: { "content-type": "application/json" } }, "header is missing"],
      ["another key", moonPayDelivery("wk_someone_else", event, now), "does not match the body"],
      [
        "tampered",
        { ...signed, body: signed.body.replace("failed", "completed") },
        "does not match the body",
      ],
      ["stale", moonPayDelivery(MOONPAY_WEBHOOK_KEY, event, now - 301), "more than the 300 s accepted"],
      ["future", moonPayDelivery(MOONPAY_WEBHOOK_KEY, event, now + 301), "in the future"],
      [
        "no signature",
        { ...signed, headers: { "moonpay-signature-v2": `t=${now}` } },
        "no HMAC-SHA256 signature",
      ],
    ];
    for (const [name, delivery, says] of cases) {
      const answer = await deliver(t, credential.moonpay, delivery);
      expect({ name, status: answer.status }).toEqual({ name, status: 401 });
      expect(answer.body.message).toContain(says);
    }
    expect((await transaction(id)).transaction.transactionStatus).toBe("CREATED");
    // The genuine one still goes through: refusals recorded nothing.
    expect((await deliver(t, credential.moonpay, signed)).body).toMatchObject({
      transactionStatus: "FAILED",
    });
  });

  it("signed garbage is a 400; an unknown credential a 404; one without a webhook secret a 400; other events are received and ignored", async () => {
    const now = providerNow(t);
    const garbage = { body: "{not json", headers: moonPayDelivery(MOONPAY_WEBHOOK_KEY, {}, now).headers };
    garbage.headers["moonpay-signature-v2"] =
      `t=${now},s=${createHex(MOONPAY_WEBHOOK_KEY, `${now}.{not json`)}`;
    expect(await deliver(t, credential.moonpay, garbage)).toMatchObject({
      status: 400,
      body: { message: "the webhook body is not JSON" },
    });
    const badStatus = moonPayDelivery(
      MOONPAY_WEBHOOK_KEY,
      moonPayEvent("transaction_updated", "x", "teleported"),
      now,
    );
    expect((await deliver(t, credential.moonpay, badStatus)).status).toBe(400);

    const event = moonPayDelivery(
      MOONPAY_WEBHOOK_KEY,
      moonPayEvent("transaction_updated", "x", "pending"),
      now + 1,
    );
    expect((await deliver(t, "no-such-credential", event)).status).toBe(404);
    const kyc = moonPayDelivery(
      MOONPAY_WEBHOOK_KEY,
      { type: "customer_kyc_status_updated", data: {} },
      now + 2,
    );
    expect((await deliver(t, credential.moonpay, kyc)).body).toEqual({
      received: true,
      applied: false,
      reason: "customer_kyc_status_updated is not a buy transaction event",
    });

    const other = await t.newOrganization("No webhook secret");
    const created = await t.call(
      "submit",
      "create_fiat_on_ramp_credential",
      t.activity(TYPES.create_fiat_on_ramp_credential!, other.organizationId, {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_other",
        encryptedSecretApiKey: encryptOnRampSecret("sk_other", publicKey),
      }),
      other.key,
    );
    const otherId = result(created, "createFiatOnRampCredentialResult").fiatOnRampCredentialId as string;
    expect(await deliver(t, otherId, event)).toMatchObject({
      status: 400,
      body: {
        details: expect.arrayContaining([
          expect.objectContaining({ turnkeyErrorCode: "WEBHOOK_SECRET_NOT_SET" }),
        ]),
      },
    });
  });
});

describe("Coinbase webhooks", () => {
  it("a Hook0-signed onramp.transaction.success completes the purchase named by partnerUserRef", async () => {
    const id = await purchase("COINBASE");
    const event = {
      eventType: "onramp.transaction.success",
      transactionId: "cb-tx-1",
      partnerUserRef: id,
      status: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
      txHash: "0xc0ffee",
      failureReason: "FAILURE_REASON_UNSPECIFIED",
    };
    const delivery = coinbaseDelivery(COINBASE_WEBHOOK_SECRET, event, providerNow(t));
    // v1 covers the listed headers: the same body under another x-hook0-id does not verify.
    const moved = { ...delivery, headers: { ...delivery.headers, "x-hook0-id": "another" } };
    expect((await deliver(t, credential.coinbase, moved)).status).toBe(401);
    const missing: Record<string, string> = { ...delivery.headers };
    delete missing["x-hook0-id"];
    expect((await deliver(t, credential.coinbase, { ...delivery, headers: missing })).body.message).toContain(
      "signs the header x-hook0-id, which is missing",
    );
    // A MoonPay-signed delivery is nothing to the Coinbase endpoint.
    expect(
      (await deliver(t, credential.coinbase, moonPayDelivery(COINBASE_WEBHOOK_SECRET, event, providerNow(t))))
        .status,
    ).toBe(401);

    expect((await deliver(t, credential.coinbase, delivery)).body).toMatchObject({
      applied: true,
      transactionStatus: "COMPLETED",
    });
    expect((await transaction(id)).transaction).toMatchObject({
      transactionStatus: "COMPLETED",
      providerStatus: "ONRAMP_TRANSACTION_STATUS_SUCCESS",
      txHash: "0xc0ffee",
    });
  });

  it("a purchase made with another credential is received and left alone", async () => {
    const moonPayPurchase = await purchase("MOONPAY");
    const event = {
      eventType: "onramp.transaction.failed",
      partnerUserRef: moonPayPurchase,
      status: "ONRAMP_TRANSACTION_STATUS_FAILED",
    };
    expect(
      (
        await deliver(
          t,
          credential.coinbase,
          coinbaseDelivery(COINBASE_WEBHOOK_SECRET, event, providerNow(t)),
        )
      ).body,
    ).toEqual({
      received: true,
      applied: false,
      reason: `no purchase ${moonPayPurchase} was made with this credential`,
    });
    expect((await transaction(moonPayPurchase)).transaction.transactionStatus).toBe("CREATED");
  });
});

const createHex = (key: string, text: string) => createHmac("sha256", key).update(text).digest("hex");
