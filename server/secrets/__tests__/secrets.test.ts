import { ApiKeyStamper } from "@turnkey/api-key-stamper";
import { decryptSecretBundle, encryptSecretToBundle, generateP256KeyPair } from "@turnkey/crypto";
import { TurnkeyClient, TurnkeyRequestError } from "@turnkey/http";
import { sql } from "drizzle-orm";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";
import { serveOverHttp } from "../../testing/http-in-process";

/**
 * Opaque secrets through the official client (@turnkey/http over real HTTP) and @turnkey/crypto's
 * own helpers: what goes in comes out only to the export's target key, sealed in between, and a
 * bad request is a 4xx that writes nothing.
 */

const SUITE = "TRANSPORT_ENCRYPTION_SUITE_ENCLAVE_ENCRYPT_V1";
const PLAINTEXT = "exchange-key:sk_live_9f8e7d6c5b4a-ünïcödé";

let t: TestApp;
let http: Awaited<ReturnType<typeof serveOverHttp>>;
let client: TurnkeyClient;
let org: { organizationId: string; userId: string; key: TestKey };
const logLines: string[] = [];

beforeAll(async () => {
  // Everything the server logs, at every level, to check no secret ever reaches it.
  const logger = pino({ level: "trace" }, { write: (line: string) => void logLines.push(line) });
  t = await startTestApp({ logger });
  org = await t.newOrganization("Secrets");
  http = await serveOverHttp(t);
  client = new TurnkeyClient(
    { baseUrl: http.baseUrl },
    new ApiKeyStamper({ apiPublicKey: org.key.publicKey, apiPrivateKey: org.key.privateKey }),
  );
});
afterAll(async () => {
  await http?.close();
  await t?.close();
});

// The harness's envelope gives every request its own timestamp on the fixed clock. A random offset
// did not: two equal bodies drawn with one offset were one idempotent request, and the second
// init_import_secrets answered with the first one's (already consumed) target.
const envelope = <T extends string, P>(type: T, parameters: P) =>
  t.activity(type, org.organizationId, parameters) as {
    type: T;
    timestampMs: string;
    organizationId: string;
    parameters: P;
  };
const resultOf = <R>(activity: TActivity, key: string) => {
  expect(activity.status, JSON.stringify(activity)).toBe("ACTIVITY_STATUS_COMPLETED");
  return (activity.result as Record<string, unknown>)[key] as R;
};

async function targets(numSecrets: number): Promise<string[]> {
  const { activity } = await client.initImportSecrets(
    envelope("ACTIVITY_TYPE_INIT_IMPORT_SECRETS", { encryptionSuite: SUITE, numSecrets }),
  );
  return resultOf<{ enclaveTargetMessages: string[] }>(activity as TActivity, "initImportSecretsResult")
    .enclaveTargetMessages;
}

const encrypt = (plaintext: string, bundle: string) =>
  encryptSecretToBundle({
    plaintext,
    ingressTargetBundle: bundle,
    organizationId: org.organizationId,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });

async function importOne(name: string | undefined, plaintext: string) {
  const [bundle] = await targets(1);
  const { secretPayload, targetPublicKey } = await encrypt(plaintext, bundle!);
  const { activity } = await client.importSecrets(
    envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
      secrets: [{ ...(name ? { name } : {}), secretPayload, targetPublicKey, encryptionSuite: SUITE }],
    }),
  );
  return resultOf<{ secretIds: string[] }>(activity as TActivity, "importSecretsResult").secretIds[0]!;
}

async function exportOne(secretId: string): Promise<string> {
  const target = generateP256KeyPair();
  const { activity } = await client.exportSecrets(
    envelope("ACTIVITY_TYPE_EXPORT_SECRETS", {
      secrets: [{ secretId, targetPublicKey: target.publicKeyUncompressed, encryptionSuite: SUITE }],
    }),
  );
  const [payload] = resultOf<{ secretPayloads: string[] }>(
    activity as TActivity,
    "exportSecretsResult",
  ).secretPayloads;
  return decryptSecretBundle({
    secretPayload: payload!,
    embeddedPrivateKey: target.privateKey,
    organizationId: org.organizationId,
    dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
  });
}

async function refused(submit: () => Promise<unknown>): Promise<TurnkeyRequestError> {
  const before = await databaseDigest(t.app);
  const error = await submit().then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(TurnkeyRequestError);
  expect(await databaseDigest(t.app)).toEqual(before);
  return error as TurnkeyRequestError;
}

describe("secrets through @turnkey/http and @turnkey/crypto", () => {
  it("a secret imported with encryptSecretToBundle comes back through decryptSecretBundle", async () => {
    const secretId = await importOne("exchange-api-key", PLAINTEXT);
    expect(await exportOne(secretId)).toBe(PLAINTEXT);
  });

  it("init_import_secrets gives one distinct target per secret; two secrets import in one activity", async () => {
    const bundles = await targets(2);
    expect(bundles).toHaveLength(2);
    const a = await encrypt("first secret", bundles[0]!);
    const b = await encrypt("second secret", bundles[1]!);
    expect(a.targetPublicKey).not.toBe(b.targetPublicKey);
    const { activity } = await client.importSecrets(
      envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
        secrets: [
          {
            name: "second-a",
            ...a,
            encryptionSuite: SUITE,
            staticProperties: [{ key: "venue", value: "x" }],
          },
          { ...b, encryptionSuite: SUITE },
        ],
      }),
    );
    const ids = resultOf<{ secretIds: string[] }>(activity as TActivity, "importSecretsResult").secretIds;
    expect(await exportOne(ids[0]!)).toBe("first secret");
    expect(await exportOne(ids[1]!)).toBe("second secret");

    const { secrets } = await client.listSecrets({ organizationId: org.organizationId });
    expect(secrets[0]).toMatchObject({ secretId: ids[1], staticProperties: [] });
    expect(secrets[0]).not.toHaveProperty("name");
    expect(secrets[1]).toMatchObject({
      secretId: ids[0],
      name: "second-a",
      staticProperties: [{ key: "venue", value: "x" }],
    });
    expect(Number(secrets[1]!.createdAtUnixMs)).toBe(t.clock.now().getTime());
    const paged = await client.listSecrets({
      organizationId: org.organizationId,
      paginationOptions: { limit: "1", before: ids[1]! },
    });
    expect(paged.secrets.map((s) => s.secretId)).toEqual([ids[0]]);
  });

  it("at rest the secret is sealed: no row of any table holds it, and nothing logged it", async () => {
    const marker = `marker-${Math.random().toString(36).slice(2)}`;
    const secretId = await importOne(undefined, marker);
    const dump = await t.app.db.execute(
      sql.raw(`select string_agg(t::text, '|') as all from sealed_secrets t`),
    );
    const sealed = (dump as unknown as { rows: { all: string }[] }).rows[0]!.all;
    expect(sealed).toContain(secretId);
    expect(sealed).not.toContain(marker);
    expect(sealed).not.toContain(Buffer.from(marker).toString("hex"));
    expect(sealed).not.toContain(Buffer.from(marker).toString("base64"));
    const secretRows = await t.app.db.execute(sql.raw(`select * from secrets`));
    expect(JSON.stringify(secretRows)).not.toContain(marker);
    expect(await exportOne(secretId)).toBe(marker);
    expect(logLines.length).toBeGreaterThan(0);
    expect(logLines.join("\n")).not.toContain(marker);
    expect(logLines.join("\n")).not.toContain(PLAINTEXT);
  });
});

describe("bad input is a 4xx naming the problem, and writes nothing", () => {
  it("an unknown encryption suite, or numSecrets out of range", async () => {
    const suite = await refused(() =>
      client.initImportSecrets(
        envelope("ACTIVITY_TYPE_INIT_IMPORT_SECRETS", {
          encryptionSuite: "HPKE_PLEASE" as never,
          numSecrets: 1,
        }),
      ),
    );
    expect(suite.message).toContain("encryptionSuite");
    const zero = await refused(() =>
      client.initImportSecrets(
        envelope("ACTIVITY_TYPE_INIT_IMPORT_SECRETS", { encryptionSuite: SUITE, numSecrets: 0 }),
      ),
    );
    expect(zero.message).toContain("numSecrets");
  });

  it("a payload that is not the encryption JSON, or was encrypted to another target", async () => {
    const [bundle, other] = await targets(2);
    const { targetPublicKey } = await encrypt("x", bundle!);
    const garbage = await refused(() =>
      client.importSecrets(
        envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
          secrets: [{ secretPayload: "not json", targetPublicKey, encryptionSuite: SUITE }],
        }),
      ),
    );
    expect(garbage.message).toContain("secrets[0].secretPayload");
    const elsewhere = await encrypt("y", other!);
    const crossed = await refused(() =>
      client.importSecrets(
        envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
          secrets: [{ secretPayload: elsewhere.secretPayload, targetPublicKey, encryptionSuite: SUITE }],
        }),
      ),
    );
    expect(crossed.message).toContain("does not decrypt");
  });

  it("a target opens one secret only, and a key the server never handed out opens none", async () => {
    const [bundle] = await targets(1);
    const first = await encrypt("once", bundle!);
    await client.importSecrets(
      envelope("ACTIVITY_TYPE_IMPORT_SECRETS", { secrets: [{ ...first, encryptionSuite: SUITE }] }),
    );
    const again = await encrypt("twice", bundle!);
    const reused = await refused(() =>
      client.importSecrets(
        envelope("ACTIVITY_TYPE_IMPORT_SECRETS", { secrets: [{ ...again, encryptionSuite: SUITE }] }),
      ),
    );
    expect(reused.message).toContain("secrets[0].targetPublicKey: no import target");
  });

  it("a name already taken is a 409; a name repeated within the request a 400", async () => {
    await importOne("taken-name", "a");
    const [b1, b2] = await targets(2);
    const one = await encrypt("b", b1!);
    const two = await encrypt("c", b2!);
    const taken = await refused(() =>
      client.importSecrets(
        envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
          secrets: [{ name: "taken-name", ...one, encryptionSuite: SUITE }],
        }),
      ),
    );
    expect(taken.code).toBe(6);
    const repeated = await refused(() =>
      client.importSecrets(
        envelope("ACTIVITY_TYPE_IMPORT_SECRETS", {
          secrets: [
            { name: "twin", ...one, encryptionSuite: SUITE },
            { name: "twin", ...two, encryptionSuite: SUITE },
          ],
        }),
      ),
    );
    expect(repeated.message).toContain("secrets[1].name");
  });

  it("exporting an unknown secret is a 404; a target that is not a P-256 point a 400", async () => {
    const missing = await refused(() =>
      client.exportSecrets(
        envelope("ACTIVITY_TYPE_EXPORT_SECRETS", {
          secrets: [
            {
              secretId: "no-such-secret",
              targetPublicKey: generateP256KeyPair().publicKeyUncompressed,
              encryptionSuite: SUITE,
            },
          ],
        }),
      ),
    );
    expect(missing.code).toBe(5);
    const secretId = await importOne(undefined, "z");
    const badPoint = await refused(() =>
      client.exportSecrets(
        envelope("ACTIVITY_TYPE_EXPORT_SECRETS", {
          secrets: [{ secretId, targetPublicKey: `04${"00".repeat(64)}`, encryptionSuite: SUITE }],
        }),
      ),
    );
    expect(badPoint.code).toBe(3);
  });
});
