import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { activityRegistry } from "../index";

const definitions = Object.entries(activityRegistry);

/**
 * The reference's "Activity breakdown" (policy language: resource and action of each activity
 * type), for the types Latchkey serves; two root-quorum-only types it leaves out are classified by
 * analogy. The oracle each definition's own declaration is checked against.
 */
const BREAKDOWN: Record<string, [resource: string, action: string]> = {
  ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8: ["ORGANIZATION", "CREATE"],
  ACTIVITY_TYPE_DELETE_SUB_ORGANIZATION: ["ORGANIZATION", "DELETE"],
  ACTIVITY_TYPE_UPDATE_ORGANIZATION_NAME: ["ORGANIZATION", "UPDATE"],
  // Not in the breakdown; classified by analogy with the other organization settings.
  ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG: ["CONFIG", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_ROOT_QUORUM: ["ORGANIZATION", "UPDATE"],
  ACTIVITY_TYPE_CREATE_POLICY_V3: ["POLICY", "CREATE"],
  ACTIVITY_TYPE_CREATE_POLICIES: ["POLICY", "CREATE"],
  ACTIVITY_TYPE_UPDATE_POLICY_V2: ["POLICY", "UPDATE"],
  ACTIVITY_TYPE_DELETE_POLICY: ["POLICY", "DELETE"],
  ACTIVITY_TYPE_DELETE_POLICIES: ["POLICY", "DELETE"],
  ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE: ["SMART_CONTRACT_INTERFACE", "CREATE"],
  ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE: ["SMART_CONTRACT_INTERFACE", "DELETE"],
  ACTIVITY_TYPE_CREATE_WALLET: ["WALLET", "CREATE"],
  ACTIVITY_TYPE_CREATE_WALLET_ACCOUNTS: ["WALLET", "CREATE"],
  ACTIVITY_TYPE_EXPORT_WALLET: ["WALLET", "EXPORT"],
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: ["WALLET", "EXPORT"],
  ACTIVITY_TYPE_INIT_IMPORT_WALLET: ["WALLET", "IMPORT"],
  ACTIVITY_TYPE_IMPORT_WALLET: ["WALLET", "IMPORT"],
  ACTIVITY_TYPE_DELETE_WALLETS: ["WALLET", "DELETE"],
  ACTIVITY_TYPE_UPDATE_WALLET: ["WALLET", "UPDATE"],
  ACTIVITY_TYPE_DELETE_WALLET_ACCOUNTS: ["WALLET", "DELETE"],
  ACTIVITY_TYPE_CREATE_PRIVATE_KEYS_V2: ["PRIVATE_KEY", "CREATE"],
  ACTIVITY_TYPE_CREATE_PRIVATE_KEY_TAG: ["PRIVATE_KEY", "CREATE"],
  ACTIVITY_TYPE_UPDATE_PRIVATE_KEY_TAG: ["PRIVATE_KEY", "UPDATE"],
  ACTIVITY_TYPE_DELETE_PRIVATE_KEY_TAGS: ["PRIVATE_KEY", "DELETE"],
  ACTIVITY_TYPE_DELETE_PRIVATE_KEYS: ["PRIVATE_KEY", "DELETE"],
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: ["PRIVATE_KEY", "EXPORT"],
  ACTIVITY_TYPE_INIT_IMPORT_PRIVATE_KEY: ["PRIVATE_KEY", "IMPORT"],
  ACTIVITY_TYPE_IMPORT_PRIVATE_KEY: ["PRIVATE_KEY", "IMPORT"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: ["PRIVATE_KEY", "SIGN"],
  // wire-format.md: PRIVATE_KEY/SIGN = …, ETH/SOL_SEND_TRANSACTION
  ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2: ["PRIVATE_KEY", "SIGN"],
  ACTIVITY_TYPE_CREATE_USERS_V4: ["USER", "CREATE"],
  ACTIVITY_TYPE_CREATE_USER_TAG: ["USER", "CREATE"],
  ACTIVITY_TYPE_UPDATE_USER: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_NAME: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_EMAIL: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_PHONE_NUMBER: ["USER", "UPDATE"],
  ACTIVITY_TYPE_UPDATE_USER_TAG: ["USER", "UPDATE"],
  ACTIVITY_TYPE_DELETE_USERS: ["USER", "DELETE"],
  ACTIVITY_TYPE_DELETE_USER_TAGS: ["USER", "DELETE"],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: ["CREDENTIAL", "CREATE"],
  ACTIVITY_TYPE_CREATE_AUTHENTICATORS_V2: ["CREDENTIAL", "CREATE"],
  ACTIVITY_TYPE_DELETE_API_KEYS: ["CREDENTIAL", "DELETE"],
  ACTIVITY_TYPE_DELETE_AUTHENTICATORS: ["CREDENTIAL", "DELETE"],
  ACTIVITY_TYPE_STAMP_LOGIN: ["AUTH", "CREATE"],
  ACTIVITY_TYPE_CREATE_READ_WRITE_SESSION_V2: ["AUTH", "CREATE"],
  // Not in the table: a read-only session is a session like the read-write one.
  ACTIVITY_TYPE_CREATE_READ_ONLY_SESSION: ["AUTH", "CREATE"],
};

/** `activity.params` the reference (and our wire notes, §6) exposes, by type. */
const EXPOSED: Record<string, string[]> = {
  ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2: ["hash_function", "encoding"],
  ACTIVITY_TYPE_SIGN_RAW_PAYLOADS: ["hash_function", "encoding"],
  ACTIVITY_TYPE_SIGN_TRANSACTION_V2: ["type"],
  ACTIVITY_TYPE_DELETE_USERS: ["user_ids"],
  ACTIVITY_TYPE_UPDATE_WALLET: ["wallet_id"],
  ACTIVITY_TYPE_DELETE_POLICY: ["policy_id"],
  ACTIVITY_TYPE_DELETE_POLICIES: ["policy_ids"],
  ACTIVITY_TYPE_CREATE_API_KEYS_V2: ["user_id"],
  ACTIVITY_TYPE_EXPORT_WALLET: ["target_public_key"],
  ACTIVITY_TYPE_EXPORT_WALLET_ACCOUNT: ["target_public_key"],
  ACTIVITY_TYPE_EXPORT_PRIVATE_KEY: ["target_public_key"],
  ACTIVITY_TYPE_STAMP_LOGIN: ["session_profile_id"],
};

/** Parameters that name a wallet, account or key, or content to sign: policies must see them. */
const TARGET_PARAMETERS = [
  "signWith",
  "from",
  "address",
  "walletId",
  "walletIds",
  "walletAccountIds",
  "privateKeyId",
  "privateKeyIds",
  "unsignedTransaction",
  "payload",
  "payloads",
];

const topLevelKeys = (schema: z.ZodType): string[] => {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
};

describe("every registered activity declares what the pipeline and the policies need", () => {
  it("is registered under its own path, with the type of the shared list", () => {
    expect(definitions.length).toBeGreaterThan(40);
    for (const [path, d] of definitions) {
      expect(d.path).toBe(path);
      expect(d.type, path).toBe(ACTIVITY_TYPES[path as keyof typeof ACTIVITY_TYPES]);
    }
    const listed = Object.keys(ACTIVITY_TYPES).filter(
      (p) => !["approve_activity", "reject_activity"].includes(p),
    );
    expect(listed.sort()).toEqual(definitions.map(([path]) => path).sort());
  });

  it("declares the resource and action of the reference's breakdown", () => {
    for (const [, d] of definitions) {
      expect([d.resource, d.action], d.type).toEqual(BREAKDOWN[d.type]);
    }
  });

  it("declares the parameters the reference exposes to policies, and no others", () => {
    for (const [, d] of definitions) {
      expect(
        (d.policyParams ?? []).map((p) => p.name),
        d.type,
      ).toEqual(EXPOSED[d.type] ?? []);
    }
  });

  it("declares targets whenever its parameters name a wallet, account, key or content to sign", () => {
    for (const [path, d] of definitions) {
      const named = topLevelKeys(d.params).filter((k) => TARGET_PARAMETERS.includes(k));
      if (named.length > 0) expect(d.targets, `${path} names ${named.join(", ")}`).toBeTypeOf("function");
    }
  });

  it("marks exactly the root-quorum-only activities", () => {
    const rootOnly = definitions.filter(([, d]) => d.rootQuorumOnly).map(([path]) => path);
    expect(rootOnly.sort()).toEqual([
      "update_organization_name",
      "update_root_quorum",
      "upsert_gas_usage_config",
    ]);
  });
});
