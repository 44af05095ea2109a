import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TWalletAccount } from "@/lib/api/wallets";
import { sealedSecrets, walletAccounts } from "../../db/schema";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp } from "../../testing/harness";
import { ETH, type Org, walletCalls } from "./wallet-calls";

/**
 * What is unique about a wallet account (its derivation in its wallet, its name in the
 * organization), and how a request that asks for a taken one is refused: by name, a 409 whether it
 * read the other account or lost the race for the unique index to it, nothing written.
 */

type NamedAccount = TWalletAccount & { name?: string };

let t: TestApp;
let org: Org;

beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Account conflicts");
});
afterAll(async () => t?.close());

const { submit, completed, query, createWallet } = walletCalls(
  () => t,
  () => org,
);
const listAccounts = (walletId: string) =>
  query<{ accounts: NamedAccount[] }>("list_wallet_accounts", { walletId });

describe("wallet account conflicts", () => {
  it("an account name is the organization's once: a taken one is refused by name, writing nothing", async () => {
    const first = await createWallet("Named", [{ ...ETH(0), name: "payroll" }]);
    const second = await createWallet("Named too", [ETH(0)]);
    const before = await databaseDigest(t.app);
    // Taken by an account of another wallet of the organization; the new derivation itself is free.
    const taken = await submit("create_wallet_accounts", "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
      walletId: second.walletId,
      accounts: [ETH(1), { ...ETH(2), name: "payroll" }],
    });
    expect(taken.status, JSON.stringify(taken.body)).toBe(409);
    expect(taken.body.message).toBe('a wallet account named "payroll" already exists in this organization');
    expect(taken.body.details[0]?.turnkeyErrorCode).toBe("WALLET_ACCOUNT_NAME_TAKEN");
    const byNewWallet = await submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
      walletName: "Named three",
      accounts: [{ ...ETH(0), name: "payroll" }],
    });
    expect(byNewWallet.status).toBe(409);
    expect(byNewWallet.body.message).toMatch(/"payroll" already exists/);
    expect(await databaseDigest(t.app)).toEqual(before);
    // Another organization may use the name; and a free name is kept with its account.
    const elsewhere = await submit(
      "create_wallet",
      "ACTIVITY_TYPE_CREATE_WALLET",
      { walletName: "Theirs", accounts: [{ ...ETH(0), name: "payroll" }] },
      await t.newOrganization("Named elsewhere"),
    );
    expect(elsewhere.status, JSON.stringify(elsewhere.body)).toBe(200);
    await completed(
      "create_wallet_accounts",
      "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS",
      {
        walletId: second.walletId,
        accounts: [{ ...ETH(1), name: "payroll 2" }],
      },
      "createWalletAccountsResult",
    );
    const listed = await listAccounts(second.walletId);
    expect(listed.body.accounts.map((a) => [a.path, a.name])).toEqual([
      ["m/44'/60'/0'/0/0", undefined],
      ["m/44'/60'/0'/0/1", "payroll 2"],
    ]);
    const named = await listAccounts(first.walletId);
    expect(named.body.accounts.map((a) => a.name)).toEqual(["payroll"]);
  });

  it("the same derivation asked by several activities at once is added once, with one sealed key", async () => {
    const wallet = await createWallet("Raced", [ETH(0)]);
    const sends = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit("create_wallet_accounts", "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
          walletId: wallet.walletId,
          accounts: [ETH(1)],
        }),
      ),
    );
    // The losers read the winner's account (WALLET_ACCOUNT_EXISTS) or, on PostgreSQL, lost the
    // race on the unique derivation index (CONFLICT): a 409 either way, never a 500.
    expect(
      sends.map((s) => s.status).sort(),
      JSON.stringify(sends.filter((s) => s.status !== 200 && s.status !== 409).map((s) => s.body)),
    ).toEqual([200, 409, 409, 409, 409, 409]);
    const listed = await listAccounts(wallet.walletId);
    expect(listed.body.accounts.map((a) => a.path)).toEqual(["m/44'/60'/0'/0/0", "m/44'/60'/0'/0/1"]);
    // Each account's key is sealed with it, and a loser's sealed key went with its account.
    const ids = listed.body.accounts.map((a) => a.walletAccountId);
    const sealed = await t.app.db
      .select({ id: sealedSecrets.id })
      .from(sealedSecrets)
      .where(inArray(sealedSecrets.id, ids));
    expect(sealed.map((s) => s.id).sort()).toEqual([...ids].sort());
    const winner = sends.find((s) => s.status === 200)!;
    expect(winner.body.activity.result).toEqual({
      createWalletAccountsResult: { addresses: [listed.body.accounts[1]!.address] },
    });
    // No loser left a sealed key behind without its account.
    const orphans = await t.app.db
      .select({ id: sealedSecrets.id })
      .from(sealedSecrets)
      .leftJoin(walletAccounts, eq(walletAccounts.id, sealedSecrets.id))
      .where(and(eq(sealedSecrets.kind, "WALLET_ACCOUNT_KEY"), isNull(walletAccounts.id)));
    expect(orphans).toEqual([]);
  });

  it("the same new wallet name asked by several activities at once: one wallet, the others a 409", async () => {
    const sends = await Promise.all(
      Array.from({ length: 6 }, () =>
        submit("create_wallet", "ACTIVITY_TYPE_CREATE_WALLET", {
          walletName: "Raced name",
          accounts: [ETH(0)],
        }),
      ),
    );
    expect(
      sends.map((s) => s.status).sort(),
      JSON.stringify(sends.filter((s) => s.status !== 200 && s.status !== 409).map((s) => s.body)),
    ).toEqual([200, 409, 409, 409, 409, 409]);
    const listed = await t.call<{ wallets: { walletName: string }[] }>(
      "query",
      "list_wallets",
      { organizationId: org.organizationId },
      org.key,
    );
    expect(listed.body.wallets.filter((w) => w.walletName === "Raced name")).toHaveLength(1);
  });

  it("a derivation another transaction writes after the activity looked is a 409, not a 500", async () => {
    const wallet = await createWallet("Raced late", [ETH(0)]);
    const path = "m/44'/60'/0'/0/1";
    let release!: () => void;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    // Another writer holds the derivation, uncommitted, while the activity reads what is taken (on
    // PostgreSQL it sees nothing, then waits on the unique index until the writer commits).
    let holding!: () => void;
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    const writer = t.app.db.transaction(async (tx) => {
      const now = new Date();
      await tx.insert(walletAccounts).values({
        id: `late-${wallet.walletId}`,
        organizationId: org.organizationId,
        walletId: wallet.walletId,
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path,
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        address: "0x000000000000000000000000000000000000late",
        publicKey: "02",
        createdAt: now,
        updatedAt: now,
      });
      holding();
      await released;
    });
    await held;
    const asked = submit("create_wallet_accounts", "ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS", {
      walletId: wallet.walletId,
      accounts: [ETH(1)],
    });
    setTimeout(release, 1_000);
    const [answer] = await Promise.all([asked, writer]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(409);
    // PostgreSQL: the unique index's refusal (CONFLICT); PGlite serves one transaction at a time,
    // so the activity reads the committed account (WALLET_ACCOUNT_EXISTS).
    expect(answer.body.message).toMatch(
      process.env.DATABASE_URL ? /a concurrent activity created the same record/ : /already has an account/,
    );
    const listed = await listAccounts(wallet.walletId);
    expect(listed.body.accounts.map((a) => a.walletAccountId)).toEqual([
      expect.any(String),
      `late-${wallet.walletId}`,
    ]);
  });
});
