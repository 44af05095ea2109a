import { createHmac, generateKeyPairSync, type KeyObject, verify } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { encryptOnRampSecret } from "@turnkey/crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * The MoonPay and Coinbase adapters through the API, against one local fake speaking both
 * providers' documented APIs: MoonPay's signed widget URL and GET /v1/transactions/ext/{id};
 * Coinbase's POST /onramp/v1/token (CDP JWT checked with the key's public half) and
 * GET /onramp/v1/buy/user/{ref}/transactions. Then what goes wrong out there: errors, garbage,
 * silence, a refused credential — each a clear 4xx/503 and nothing changed.
 */

type Answer = { status: number; body: string; delayMs?: number };
let fake: http.Server;
let fakeUrl: string;
const seen: { method: string; path: string; authorization?: string; body: string }[] = [];
const answers = new Map<string, Answer>();

const coinbaseKey = generateKeyPairSync("ec", { namedCurve: "P-256" });
const COINBASE_KEY_NAME = "organizations/org-1/apiKeys/key-1";

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => {
      body += chunk;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://fake");
      seen.push({
        method: req.method!,
        path: url.pathname + url.search,
        authorization: req.headers.authorization,
        body,
      });
      const answer = answers.get(`${req.method} ${url.pathname}`) ?? {
        status: 404,
        body: '{"message":"not found"}',
      };
      setTimeout(() => {
        if (!res.destroyed)
          res.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
      }, answer.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, "127.0.0.1", resolve));
  fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
});
afterAll(async () => {
  fake.closeAllConnections();
  await new Promise<void>((resolve) => fake.close(() => resolve()));
});

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
beforeAll(async () => {
  t = await startTestApp({
    env: {
      LATCHKEY_MOONPAY_API_URL: fakeUrl,
      LATCHKEY_MOONPAY_SANDBOX_WIDGET_URL: "https://buy-sandbox.moonpay.test",
      LATCHKEY_COINBASE_API_URL: fakeUrl,
      LATCHKEY_COINBASE_PAY_URL: "https://pay.coinbase.test",
      LATCHKEY_ONRAMP_TIMEOUT_MS: "300",
    },
  });
  org = await t.newOrganization("Provider org");
  const keyAnswer = await t.call(
    "query",
    "get_on_ramp_encryption_key",
    { organizationId: org.organizationId },
    org.key,
  );
  const publicKey = (keyAnswer.body as { publicKey: string }).publicKey;
  for (const parameters of [
    {
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      publishableApiKey: "pk_test_moon",
      encryptedSecretApiKey: encryptOnRampSecret("sk_test_moon", publicKey),
      sandboxMode: true,
    },
    {
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      projectId: "project-1",
      publishableApiKey: COINBASE_KEY_NAME,
      encryptedSecretApiKey: encryptOnRampSecret("unused", publicKey),
      encryptedPrivateApiKey: encryptOnRampSecret(
        coinbaseKey.privateKey.export({ type: "sec1", format: "pem" }).toString(),
        publicKey,
      ),
    },
  ]) {
    const created = await submit(
      "create_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
      parameters,
    );
    expect(created.status).toBe(200);
  }
});
afterAll(async () => t?.close());

function submit(path: string, type: string, parameters: unknown) {
  return t.call("submit", path, t.activity(type, org.organizationId, parameters), org.key);
}
type InitResult = { onRampUrl: string; onRampTransactionId: string; onRampUrlSignature?: string };
async function init(parameters: Record<string, unknown>) {
  const response = await submit("init_fiat_on_ramp", "ACTIVITY_TYPE_INIT_FIAT_ON_RAMP", parameters);
  return {
    response,
    result: (response.body as { activity?: { result: { initFiatOnRampResult: InitResult } } }).activity
      ?.result.initFiatOnRampResult,
  };
}
const status = (transactionId: string, refresh = true) =>
  t.call(
    "query",
    "get_onramp_transaction_status",
    { organizationId: org.organizationId, transactionId, refresh },
    org.key,
  );
const WALLET = "0x2222222222222222222222222222222222222222";

function verifyCdpJwt(authorization: string | undefined, publicKey: KeyObject) {
  const jwt = authorization?.replace(/^Bearer /, "") ?? "";
  const [header, claims, signature] = jwt.split(".");
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key: publicKey, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature!, "base64url"),
  );
  return {
    ok,
    header: JSON.parse(Buffer.from(header!, "base64url").toString()),
    claims: JSON.parse(Buffer.from(claims!, "base64url").toString()),
  };
}

describe("MoonPay", () => {
  it("signs the widget URL with the secret key, and refresh reads the purchase by externalTransactionId", async () => {
    const { result } = await init({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
      fiatCurrencyCode: "FIAT_ON_RAMP_CURRENCY_EUR",
      fiatCurrencyAmount: "75.50",
      paymentMethod: "FIAT_ON_RAMP_PAYMENT_METHOD_APPLE_PAY",
      urlForSignature: "https://buy-sandbox.moonpay.com?apiKey=pk_test_moon&currencyCode=eth",
    });
    const url = new URL(result!.onRampUrl);
    expect(url.origin).toBe("https://buy-sandbox.moonpay.test");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: "pk_test_moon",
      currencyCode: "usdc_base",
      walletAddress: WALLET,
      baseCurrencyCode: "eur",
      baseCurrencyAmount: "75.50",
      paymentMethod: "apple_pay",
      externalTransactionId: result!.onRampTransactionId,
    });
    // The signature covers the query string before it, exactly as MoonPay recomputes it.
    const unsigned = result!.onRampUrl.slice(0, result!.onRampUrl.indexOf("&signature="));
    const expected = createHmac("sha256", "sk_test_moon").update(new URL(unsigned).search).digest("base64");
    expect(url.searchParams.get("signature")).toBe(expected);
    expect(result!.onRampUrlSignature).toBe(
      createHmac("sha256", "sk_test_moon").update("?apiKey=pk_test_moon&currencyCode=eth").digest("base64"),
    );

    const id = result!.onRampTransactionId;
    const path = `/v1/transactions/ext/${id}`;
    expect((await status(id)).body).toEqual({ transactionStatus: "CREATED" }); // 404: nobody paid yet
    answers.set(`GET ${path}`, {
      status: 200,
      body: JSON.stringify([
        { id: "mp-1", status: "waitingAuthorization", createdAt: "2025-01-01T00:00:00Z" },
      ]),
    });
    expect((await status(id)).body).toEqual({ transactionStatus: "PENDING" });
    expect(seen.at(-1)!.path).toBe(`${path}?apiKey=pk_test_moon`);
    answers.set(`GET ${path}`, {
      status: 200,
      body: JSON.stringify([
        { id: "mp-1", status: "completed", cryptoTransactionId: "0xabc", createdAt: "2025-01-01T00:00:00Z" },
      ]),
    });
    expect((await status(id)).body).toEqual({ transactionStatus: "COMPLETED" });
    const detail = await t.call(
      "query",
      "get_onramp_transaction",
      { organizationId: org.organizationId, transactionId: id },
      org.key,
    );
    expect(detail.body).toMatchObject({
      transaction: { txHash: "0xabc", providerStatus: "completed", sandbox: false },
    });

    // What goes wrong out there: each a clear answer, and the stored status stays COMPLETED.
    for (const [answer, code, message] of [
      [{ status: 500, body: "oops" }, 503, /MoonPay answered HTTP 500/],
      [{ status: 200, body: "<html>" }, 503, /not JSON/],
      [{ status: 200, body: '{"transactions":[]}' }, 503, /not a list of transactions/],
      [{ status: 200, body: '[{"status":"teleported"}]' }, 503, /status is not one it documents/],
      [{ status: 200, body: "[]", delayMs: 1000 }, 503, /did not answer within 300 ms/],
      [{ status: 401, body: '{"message":"bad key"}' }, 400, /refused the organization's credential/],
    ] as const) {
      answers.set(`GET ${path}`, answer);
      const response = await status(id);
      expect(response.status).toBe(code);
      expect(JSON.stringify(response.body)).toMatch(message);
    }
    expect((await status(id, false)).body).toEqual({ transactionStatus: "COMPLETED" });
  });

  it("refuses a payment method MoonPay does not offer", async () => {
    const { response } = await init({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
      paymentMethod: "FIAT_ON_RAMP_PAYMENT_METHOD_FIAT_WALLET",
    });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toMatch(
      /MoonPay does not offer FIAT_ON_RAMP_PAYMENT_METHOD_FIAT_WALLET/,
    );
  });
});

describe("Coinbase", () => {
  it("gets a session token with a CDP JWT, builds the pay URL, and refresh reads the partnerUserRef's transactions", async () => {
    answers.set("POST /onramp/v1/token", { status: 200, body: '{"token":"session-123","channel_id":""}' });
    const { result } = await init({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
      fiatCurrencyCode: "FIAT_ON_RAMP_CURRENCY_USD",
      fiatCurrencyAmount: "100",
      paymentMethod: "FIAT_ON_RAMP_PAYMENT_METHOD_CREDIT_DEBIT_CARD",
    });
    const tokenCall = seen.findLast((s) => s.path === "/onramp/v1/token")!;
    expect(JSON.parse(tokenCall.body)).toEqual({
      addresses: [{ address: WALLET, blockchains: ["ethereum"] }],
      assets: ["ETH"],
    });
    const jwt = verifyCdpJwt(tokenCall.authorization, coinbaseKey.publicKey);
    expect(jwt.ok).toBe(true);
    expect(jwt.header).toMatchObject({ alg: "ES256", kid: COINBASE_KEY_NAME, typ: "JWT" });
    expect(jwt.claims).toMatchObject({
      sub: COINBASE_KEY_NAME,
      iss: "cdp",
      uris: [`POST ${new URL(fakeUrl).host}/onramp/v1/token`],
    });
    expect(jwt.claims.exp - jwt.claims.nbf).toBe(120);

    const url = new URL(result!.onRampUrl);
    expect(url.origin + url.pathname).toBe("https://pay.coinbase.test/buy/select-asset");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      sessionToken: "session-123",
      defaultNetwork: "ethereum",
      defaultAsset: "ETH",
      partnerUserRef: result!.onRampTransactionId,
      presetFiatAmount: "100",
      fiatCurrency: "USD",
      defaultPaymentMethod: "CARD",
      appId: "project-1",
    });

    const id = result!.onRampTransactionId;
    const path = `/onramp/v1/buy/user/${id}/transactions`;
    answers.set(`GET ${path}`, {
      status: 200,
      body: JSON.stringify({
        transactions: [{ status: "ONRAMP_TRANSACTION_STATUS_FAILED", failure_reason: "CARD_DECLINED" }],
        total_count: "1",
      }),
    });
    expect((await status(id)).body).toEqual({ transactionStatus: "FAILED" });
    const read = seen.findLast((s) => s.path.startsWith(path))!;
    expect(verifyCdpJwt(read.authorization, coinbaseKey.publicKey).claims.uris).toEqual([
      `GET ${new URL(fakeUrl).host}${path}`,
    ]);
    const detail = await t.call(
      "query",
      "get_onramp_transaction",
      { organizationId: org.organizationId, transactionId: id },
      org.key,
    );
    expect(detail.body).toMatchObject({ transaction: { failureReason: "CARD_DECLINED" } });
  });

  it("a token request that fails or answers without a token is a clear error, and no transaction is written", async () => {
    const before = await t.call(
      "query",
      "list_onramp_transactions",
      { organizationId: org.organizationId },
      org.key,
    );
    const count = (before.body as { transactions: unknown[] }).transactions.length;
    const params = {
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
    };
    for (const [answer, code, message] of [
      [{ status: 200, body: '{"channel_id":""}' }, 503, /without a token/],
      [{ status: 200, body: "{}", delayMs: 1000 }, 503, /did not answer within 300 ms/],
      [{ status: 403, body: '{"message":"forbidden"}' }, 400, /refused the organization's credential/],
    ] as const) {
      answers.set("POST /onramp/v1/token", answer);
      const { response } = await init(params);
      expect(response.status).toBe(code);
      expect(JSON.stringify(response.body)).toMatch(message);
    }
    const { response } = await init({ ...params, countryCode: "US" });
    expect(JSON.stringify(response.body)).toMatch(/countrySubdivisionCode is required/);
    const after = await t.call(
      "query",
      "list_onramp_transactions",
      { organizationId: org.organizationId },
      org.key,
    );
    expect((after.body as { transactions: unknown[] }).transactions).toHaveLength(count);
  });

  it("sandboxMode: true uses Latchkey's sandbox even with a credential, and list filters by provider and status", async () => {
    const { result } = await init({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
      sandboxMode: true,
    });
    expect(result!.onRampUrl).toMatch(/\/onramp\/checkout\/[A-Za-z0-9_-]{43}$/);
    const list = await t.call(
      "query",
      "list_onramp_transactions",
      {
        organizationId: org.organizationId,
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
        transactionStatus: "FAILED",
      },
      org.key,
    );
    const rows = (list.body as { transactions: { onrampProvider: string; transactionStatus: string }[] })
      .transactions;
    expect(rows.length).toBe(1);
    expect(rows[0]).toMatchObject({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
      transactionStatus: "FAILED",
    });
  });
});
