import { type Chains, createChains } from "./chains/chains";
import { DEVNETS_FROM_PRIMARY, devnetsFromPrimary } from "./chains/devnets/from-primary";
import type { Clock } from "./clock";
import { systemClock } from "./clock";
import type { Config } from "./config";
import { loadMasterKey } from "./crypto/master-key";
import type { ServerSigningKey } from "./crypto/server-signing-key";
import type { Database } from "./db/client";
import { openDatabase } from "./db/open";
import type { Readiness } from "./db/readiness";
import { createJobWake, type JobWake } from "./jobs/wake";
import { createMailer, type Mailer } from "./mail/mailer";
import { createLogger, type Logger } from "./observability/logger";
import { createMetrics, type Metrics } from "./observability/metrics";
import { createOrganizationCaches, type OrganizationCaches } from "./organizations/caches";
import { createKeyring, type MasterKeyring } from "./signer/keyring";
import { loadServerSigningKey } from "./signer/server-key-store";
import { secp256k1Build } from "./signer/signing-library";
import { createSmsProvider } from "./sms/create";
import type { SmsProvider } from "./sms/provider";

/** Everything domain code needs, built in one place and passed down; nothing is read on import. */
export interface AppContext {
  config: Config;
  db: Database;
  driver: "pglite" | "postgres";
  migrationsSchema: string;
  /** GET /healthz's database check (over a connection of its own on PostgreSQL: db/readiness.ts). */
  databaseReadiness(): Promise<Readiness>;
  clock: Clock;
  logger: Logger;
  metrics: Metrics;
  masterKey: Buffer;
  /** The master key and any others still accepted for unwrapping sealed key material. */
  keyring: MasterKeyring;
  serverKey: ServerSigningKey;
  /** Every chain's JSON-RPC endpoint; local devnets start on first use and stop on close. */
  chains: Chains;
  /** Nudges this process's job worker when a job it enqueued has committed (a latency hint only). */
  jobWake: JobWake;
  /** E-mail over SMTP: LATCHKEY_SMTP_URL, or the embedded loopback sink started on first use. */
  mailer: Mailer;
  /** Text messages: Twilio's Messages API when configured, else the local sink shown on the Outbox page. */
  sms: SmsProvider;
  /** This instance's caches of organizations' policies and allowlists, each checked against its version. */
  caches: OrganizationCaches;
  close(): Promise<void>;
}

export interface ContextOptions {
  clock?: Clock;
  logger?: Logger;
  /** Tests: PGlite in memory instead of under dataDir. */
  inMemory?: boolean;
  /** Tests: the in-memory PGlite starts from this dump of an already migrated data directory. */
  pgliteTemplate?: Blob;
  /** Tests on PostgreSQL: a schema of their own. */
  pgSchema?: string;
}

export async function createAppContext(config: Config, options: ContextOptions = {}): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const master = loadMasterKey(config.masterKey, config.dataDir, config.previousMasterKeys);
  if (master.source !== "env" && !options.inMemory) {
    logger.warn(
      { keyFile: master.source, created: master.createdNow },
      "LATCHKEY_MASTER_KEY is not set: using the embedded default key file. It sits beside the data " +
        "it protects; production deployments must supply their own LATCHKEY_MASTER_KEY.",
    );
  }
  const opened = await openDatabase({
    databaseUrl: config.databaseUrl,
    poolSize: config.databasePoolSize,
    prepare: config.databasePrepare,
    dataDir: options.inMemory ? undefined : config.dataDir,
    pgSchema: options.pgSchema,
    pgliteTemplate: options.inMemory ? options.pgliteTemplate : undefined,
  });
  logger.info({ driver: opened.driver }, "database ready");
  logger.info({ build: secp256k1Build }, "secp256k1 signing");
  const clock = options.clock ?? systemClock;
  const keyring = createKeyring(master.key, master.others);
  const serverKey = await loadServerSigningKey(opened.db, keyring, clock.now());
  const chains = createChains({
    rpcUrls: config.rpcUrls,
    rpcTimeoutMs: config.rpcTimeoutMs,
    dataDir: config.dataDir,
    logger,
    // A `latchkey start` worker: the installation's devnets run once, in the primary process.
    devnets: process.env[DEVNETS_FROM_PRIMARY] ? devnetsFromPrimary() : undefined,
  });
  const mailer = createMailer(config.mail, opened.db, clock, logger);
  return {
    config,
    db: opened.db,
    driver: opened.driver,
    migrationsSchema: opened.migrationsSchema,
    databaseReadiness: opened.readiness,
    clock,
    logger,
    metrics: createMetrics(),
    masterKey: master.key,
    keyring,
    serverKey,
    chains,
    jobWake: createJobWake(),
    mailer,
    sms: createSmsProvider(config.sms, opened.db, clock),
    caches: createOrganizationCaches(),
    close: async () => {
      await mailer.close();
      await chains.close();
      await opened.close();
    },
  };
}
