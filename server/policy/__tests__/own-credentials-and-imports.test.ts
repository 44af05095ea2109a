import { encryptWalletToBundle } from "@turnkey/crypto";
import { describe, expect, it } from "vitest";
import { newApiKey } from "../../testing/harness";
import {
  admin1,
  admin2,
  adminTagId,
  alice,
  dropPolicies,
  ok,
  policy,
  query,
  root,
  submit,
  t,
  vote,
  withPolicyScene,
} from "./policy-scene";

/**
 * A user's own credentials need no policy — unless an allow policy applies, whose consensus then
 * holds; imports use the caller's own import target unless another user is named, which only the
 * root quorum or a policy can allow.
 */

withPolicyScene();

const HARDHAT_MNEMONIC = "test test test test test test test test test test test junk";
const twoAdmins = () => `approvers.filter(u, u.tags.contains('${adminTagId}')).count() >= 2`;

const ownKey = () =>
  submit(alice, "create_api_keys", "ACTIVITY_TYPE_CREATE_API_KEYS_V2", {
    userId: alice.userId,
    apiKeys: [
      { apiKeyName: `k${Math.random()}`, publicKey: newApiKey().publicKey, curveType: "API_KEY_CURVE_P256" },
    ],
  });

const aliceKeyCount = async () =>
  (await query<{ apiKeys: unknown[] }>(alice, "get_api_keys", { userId: alice.userId })).body.apiKeys.length;

describe("self-service credentials under an allow policy's consensus", () => {
  it("a policy requiring two admins for new API keys holds a user's own key until both approve", async () => {
    await dropPolicies();
    await policy(
      "New keys need two admins",
      "EFFECT_ALLOW",
      "activity.resource == 'CREDENTIAL' && activity.action == 'CREATE'",
      twoAdmins(),
    );
    const before = await aliceKeyCount();
    const held = await ownKey();
    expect(held.status).toBe(200);
    expect(held.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    expect(await aliceKeyCount()).toBe(before);

    const first = await vote(admin1, held.body.activity, true);
    expect(first.body.activity.status).toBe("ACTIVITY_STATUS_CONSENSUS_NEEDED");
    const second = await vote(admin2, held.body.activity, true);
    expect(second.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect(await aliceKeyCount()).toBe(before + 1);
  });

  it("with no policy applying to credentials, a user's own key is added at once", async () => {
    await dropPolicies();
    await policy("Wallet reads", "EFFECT_ALLOW", "activity.resource == 'WALLET'", twoAdmins());
    const res = await ownKey();
    expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });
});

describe("imports default to the caller's own user", () => {
  it("init_import_wallet and import_wallet without userId use the caller's own import target", async () => {
    await dropPolicies();
    await policy(
      "Alice imports",
      "EFFECT_ALLOW",
      "activity.resource == 'WALLET' && activity.action == 'IMPORT'",
    );
    const init = await submit(alice, "init_import_wallet", "ACTIVITY_TYPE_INIT_IMPORT_WALLET", {});
    expect(init.status, JSON.stringify(init.body)).toBe(200);
    expect(init.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    // The record names the user the server filled in, as the reference's intent always does.
    expect(init.body.activity.intent.initImportWalletIntent).toEqual({ userId: alice.userId });
    const { importBundle } = init.body.activity.result.initImportWalletResult as { importBundle: string };

    const encryptedBundle = await encryptWalletToBundle({
      mnemonic: HARDHAT_MNEMONIC,
      importBundle,
      userId: alice.userId,
      organizationId: init.body.activity.organizationId,
      dangerouslyOverrideSignerPublicKey: t.app.serverKey.publicKeyHex,
    });
    const imported = await submit(alice, "import_wallet", "ACTIVITY_TYPE_IMPORT_WALLET", {
      walletName: "Alice's import",
      encryptedBundle,
      accounts: [
        {
          curve: "CURVE_SECP256K1",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/60'/0'/0/0",
          addressFormat: "ADDRESS_FORMAT_ETHEREUM",
        },
      ],
    });
    expect(imported.status, JSON.stringify(imported.body)).toBe(200);
    const result = imported.body.activity.result.importWalletResult as { addresses: string[] };
    expect(result.addresses).toEqual(["0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266"]);
  });

  it("naming another user's import target is never implied: only the root quorum or a policy allows it", async () => {
    await dropPolicies();
    const forAdmin = () =>
      submit(alice, "init_import_private_key", "ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY", {
        userId: admin1.userId,
      });
    const refused = await forAdmin();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/no policy allows it/);
    await policy(
      "Imports",
      "EFFECT_ALLOW",
      "activity.resource == 'PRIVATE_KEY' && activity.action == 'IMPORT'",
    );
    expect((await forAdmin()).body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    await ok(
      root,
      "init_import_private_key",
      "ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY",
      { userId: alice.userId },
      "initImportPrivateKeyResult",
    );
  });
});
