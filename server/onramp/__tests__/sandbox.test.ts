import { encryptOnRampSecret } from "@turnkey/crypto";
import { eq } from "drizzle-orm";
import { createPublicClient, erc20Abi, http } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobs, sealedSecrets } from "../../db/schema";
import { runDueJobs } from "../../jobs/worker";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { ONRAMP_JOB_HANDLERS } from "../jobs";
import { payCheckout } from "../sandbox";

/**
 * The sandbox on-ramp through the API: init_fiat_on_ramp without a credential, the checkout token,
 * the person paying, the jobs moving it through the provider's states, and the crypto arriving on
 * the local chain; credentials sealed and never returned; bad input refused with nothing written.
 */

let t: TestApp;
let org: { organizationId: string; userId: string; key: TestKey };
const WALLET = "0x1111111111111111111111111111111111111111";
const USDC = "0x9feA6ba6Ac4cf5F794B84858f709063093b35d49";

beforeAll(async () => {
  t = await startTestApp({ env: { LATCHKEY_ONRAMP_SANDBOX_STEP_MS: "0" } });
  org = await t.newOrganization("On-ramp org");
});
afterAll(async () => t?.close());

const submit = (path: string, type: string, parameters: unknown, who = org) =>
  t.call("submit", path, t.activity(type, who.organizationId, parameters), who.key);
const init = (parameters: Record<string, unknown>, who = org) =>
  submit("init_fiat_on_ramp", "ACTIVITY_TYPE_INIT_FIAT_ON_RAMP", parameters, who);
const status = (transactionId: string, who = org, refresh?: boolean) =>
  t.call(
    "query",
    "get_onramp_transaction_status",
    { organizationId: who.organizationId, transactionId, ...(refresh ? { refresh } : {}) },
    who.key,
  );
type InitResult = { onRampUrl: string; onRampTransactionId: string };
const resultOf = (body: Record<string, unknown>) =>
  (body as { activity: { result: { initFiatOnRampResult: InitResult } } }).activity.result
    .initFiatOnRampResult;

async function drainJobs() {
  for (let i = 0; i < 10; i++) {
    if ((await runDueJobs(t.app, ONRAMP_JOB_HANDLERS)) === 0) return;
  }
}

describe("a sandbox purchase", () => {
  it("moves CREATED → PENDING → COMPLETED through MoonPay's states and the USDC arrives on the local chain", async () => {
    const started = await init({
      onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
      walletAddress: WALLET,
      network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BASE",
      cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_USDC",
      fiatCurrencyCode: "FIAT_ON_RAMP_CURRENCY_USD",
      fiatCurrencyAmount: "150",
    });
    expect(started.status).toBe(200);
    const { onRampUrl, onRampTransactionId } = resultOf(started.body);
    const token = /\/onramp\/checkout\/([A-Za-z0-9_-]{43})$/.exec(onRampUrl)?.[1];
    expect(token).toBeDefined();
    expect((await status(onRampTransactionId)).body).toEqual({ transactionStatus: "CREATED" });

    await payCheckout(t.app, token!, "150");
    expect((await status(onRampTransactionId)).body).toEqual({ transactionStatus: "PENDING" });
    await drainJobs();
    expect((await status(onRampTransactionId, org, true)).body).toEqual({ transactionStatus: "COMPLETED" });

    const detail = await t.call(
      "query",
      "get_onramp_transaction",
      { organizationId: org.organizationId, transactionId: onRampTransactionId },
      org.key,
    );
    const body = detail.body as {
      transaction: Record<string, unknown>;
      history: { transactionStatus: string; providerStatus: string }[];
    };
    expect(body.transaction).toMatchObject({
      cryptoAmount: "150000000",
      caip2: "eip155:8453",
      sandbox: true,
    });
    expect(body.history.map((h) => `${h.transactionStatus}/${h.providerStatus}`)).toEqual([
      "CREATED/awaitingPayment",
      "PENDING/waitingAuthorization",
      "PENDING/pending",
      "COMPLETED/completed",
    ]);
    const client = createPublicClient({ transport: http((await t.app.chains.rpc("eip155:8453")).url) });
    const balance = await client.readContract({
      address: USDC,
      abi: erc20Abi,
      functionName: "balanceOf",
      args: [WALLET],
    });
    expect(balance).toBe(150_000_000n);
  });

  it("pays once: a second payment and a wrong amount change nothing", async () => {
    const { onRampTransactionId, onRampUrl } = resultOf(
      (
        await init({
          onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
          walletAddress: WALLET,
          network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
          cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
        })
      ).body,
    );
    const token = onRampUrl.split("/").at(-1)!;
    await expect(payCheckout(t.app, token, "0")).rejects.toThrow(/between 20 and 50000/);
    await expect(payCheckout(t.app, token, "1e9")).rejects.toThrow(/between 20 and 50000/);
    expect((await status(onRampTransactionId)).body).toEqual({ transactionStatus: "CREATED" });
    const paid = await payCheckout(t.app, token, "30");
    expect(paid.cryptoAmount).toBe("10000000000000000"); // 30 USD at ETH=3000
    const again = await payCheckout(t.app, token, "5000");
    expect(again.cryptoAmount).toBe("10000000000000000");
    const queued = await t.app.db.select().from(jobs).where(eq(jobs.kind, "onramp.sandbox.advance"));
    expect(
      queued.filter((j) => (j.payload as { transactionId: string }).transactionId === onRampTransactionId),
    ).toHaveLength(1);
    await expect(payCheckout(t.app, "A".repeat(43), "30")).rejects.toThrow(/not found/);
  });
});

describe("bad input is a 400 naming the problem, and nothing is written", () => {
  const base = {
    onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
    walletAddress: WALLET,
    network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM",
    cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_ETH",
  };
  it.each([
    [{ onrampProvider: "FIAT_ON_RAMP_PROVIDER_RAMPCO" }, /onrampProvider/],
    [{ network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_DOGE" }, /network/],
    [{ cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_DOGE" }, /cryptoCurrencyCode/],
    [
      { cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_SOL" },
      /cannot be bought on FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_ETHEREUM/,
    ],
    [{ walletAddress: "not-an-address" }, /walletAddress must be a 0x-prefixed/],
    [{ fiatCurrencyAmount: "0" }, /between 20 and 50000/],
    [{ fiatCurrencyAmount: "99999999" }, /between 20 and 50000/],
    [{ fiatCurrencyAmount: "-5" }, /decimal amount/],
    [{ fiatCurrencyCode: "FIAT_ON_RAMP_CURRENCY_EUR" }, /USD only/],
    [
      {
        network: "FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN",
        cryptoCurrencyCode: "FIAT_ON_RAMP_CRYPTO_CURRENCY_BTC",
        walletAddress: "bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq",
      },
      /sandbox cannot deliver on FIAT_ON_RAMP_BLOCKCHAIN_NETWORK_BITCOIN/,
    ],
  ])("%j", async (change, message) => {
    const response = await init({ ...base, ...change });
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toMatch(message);
    const listed = await t.call(
      "query",
      "list_onramp_transactions",
      { organizationId: org.organizationId, transactionStatus: "FAILED" },
      org.key,
    );
    expect(listed.body).toEqual({ transactions: [] });
  });

  it("refuses a sandbox purchase to a chain served by a configured node (a real chain)", async () => {
    const real = await startTestApp({ env: { LATCHKEY_RPC_URLS: "eip155:1=http://127.0.0.1:9" } });
    try {
      const other = await real.newOrganization();
      const response = await real.call(
        "submit",
        "init_fiat_on_ramp",
        real.activity("ACTIVITY_TYPE_INIT_FIAT_ON_RAMP", other.organizationId, {
          ...base,
          sandboxMode: true,
        }),
        other.key,
      );
      expect(response.status).toBe(400);
      expect(JSON.stringify(response.body)).toMatch(
        /only delivers on local devnets.*must never reach a real chain/,
      );
    } finally {
      await real.close();
    }
  });

  it("another organization's transaction is a 404, as an unknown one is", async () => {
    const { onRampTransactionId } = resultOf((await init(base)).body);
    const stranger = await t.newOrganization("Stranger");
    const theirs = await status(onRampTransactionId, stranger);
    expect(theirs.status).toBe(404);
    expect(JSON.stringify(theirs.body)).toMatch(/on-ramp transaction not found/);
    expect((await status("no-such-id")).status).toBe(404);
  });
});

describe("fiat on-ramp credentials", () => {
  it("seal the secret (never returned), list, update, delete; a ciphertext to another key is a 400", async () => {
    const keyAnswer = await t.call(
      "query",
      "get_on_ramp_encryption_key",
      { organizationId: org.organizationId },
      org.key,
    );
    const publicKey = (keyAnswer.body as { publicKey: string }).publicKey;
    expect(publicKey).toMatch(/^0[23][0-9a-f]{64}$/);

    const wrongKey = await submit(
      "create_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_1",
        encryptedSecretApiKey: encryptOnRampSecret("sk_test_1"), // Turnkey's production key, not ours
      },
    );
    expect(wrongKey.status).toBe(400);
    expect(JSON.stringify(wrongKey.body)).toMatch(
      /encryptedSecretApiKey does not decrypt with this server's on-ramp/,
    );
    const garbage = await submit(
      "create_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_1",
        encryptedSecretApiKey: "not base58check",
      },
    );
    expect(garbage.status).toBe(400);

    const created = await submit(
      "create_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_1",
        encryptedSecretApiKey: encryptOnRampSecret("sk_test_secret_value", publicKey),
        sandboxMode: true,
      },
    );
    expect(created.status).toBe(200);
    const id = (
      created.body as {
        activity: { result: { createFiatOnRampCredentialResult: { fiatOnRampCredentialId: string } } };
      }
    ).activity.result.createFiatOnRampCredentialResult.fiatOnRampCredentialId;
    const sealed = await t.app.db
      .select()
      .from(sealedSecrets)
      .where(eq(sealedSecrets.id, `${id}:secret`));
    expect(sealed).toHaveLength(1);
    expect(sealed[0]!.ciphertext).not.toContain("sk_test_secret_value");

    const duplicate = await submit(
      "create_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL",
      {
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_MOONPAY",
        publishableApiKey: "pk_test_2",
        encryptedSecretApiKey: encryptOnRampSecret("sk", publicKey),
      },
    );
    expect(duplicate.status).toBe(409);

    const listed = await t.call(
      "query",
      "list_fiat_on_ramp_credentials",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(JSON.stringify(listed.body)).not.toContain("sk_test_secret_value");
    expect(listed.body).toMatchObject({
      fiatOnRampCredentials: [
        {
          fiatOnrampCredentialId: id,
          publishableApiKey: "pk_test_1",
          encryptedSecretApiKey: "",
          sandboxMode: true,
        },
      ],
    });

    const updated = await submit(
      "update_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_UPDATE_FIAT_ON_RAMP_CREDENTIAL",
      {
        fiatOnrampCredentialId: id,
        onrampProvider: "FIAT_ON_RAMP_PROVIDER_COINBASE",
        publishableApiKey: "pk_test_3",
        encryptedSecretApiKey: encryptOnRampSecret("sk_3", publicKey),
      },
    );
    expect(updated.status).toBe(400);
    expect(JSON.stringify(updated.body)).toMatch(/cannot change provider/);

    const stranger = await t.newOrganization("Other");
    const theirs = await submit(
      "delete_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL",
      { fiatOnrampCredentialId: id },
      stranger,
    );
    expect(theirs.status).toBe(404);
    const deleted = await submit(
      "delete_fiat_on_ramp_credential",
      "ACTIVITY_TYPE_DELETE_FIAT_ON_RAMP_CREDENTIAL",
      {
        fiatOnrampCredentialId: id,
      },
    );
    expect(deleted.status).toBe(200);
    expect(
      await t.app.db
        .select()
        .from(sealedSecrets)
        .where(eq(sealedSecrets.id, `${id}:secret`)),
    ).toEqual([]);
  });
});
