import { bytesToHex } from "@noble/hashes/utils.js";
import { Keypair, SystemProgram, Transaction } from "@solana/web3.js";
import { parseEther, parseGwei, serializeTransaction } from "viem";
import { SOLANA_DEVNET } from "@/lib/api/chains";
import { serviceSampleIntents } from "./summary-samples-services";

/** The ids of a scene's organization that sample intents name. */
export interface SampleScene {
  bob: string;
  carol: string;
  walletId: string;
  accountAddress: string;
  privateKeyId: string;
  policyId: string;
  tagId: string;
  contractId: string;
  /** SEND_QUARTER_ETH signed (eth_send_raw_transaction takes signed bytes only). */
  signedTransaction: string;
  /** A P-256 public key (compressed hex), for API keys. */
  publicKey: string;
  /** An uncompressed P-256 key, for export and session targets. */
  targetKey: string;
  accountId: string;
}

export const RECIPIENT = `0x${"ab".repeat(20)}`;
const account = {
  curve: "CURVE_SECP256K1",
  pathFormat: "PATH_FORMAT_BIP32",
  path: "m/44'/60'/0'/0/0",
  addressFormat: "ADDRESS_FORMAT_ETHEREUM",
};
const user = (userName: string) => ({
  userName,
  apiKeys: [],
  authenticators: [],
  oauthProviders: [],
  userTags: [],
});

/** 0.25 ETH to 0xabab… on Ethereum, EIP-1559: the example. */
export const SEND_QUARTER_ETH = serializeTransaction({
  type: "eip1559",
  chainId: 1,
  nonce: 7,
  to: RECIPIENT as `0x${string}`,
  value: parseEther("0.25"),
  gas: 21_000n,
  maxFeePerGas: parseGwei("30"),
  maxPriorityFeePerGas: parseGwei("1"),
});

const payer = Keypair.fromSeed(new Uint8Array(32).fill(1)).publicKey;
const SOL_TRANSFER = bytesToHex(
  new Transaction({
    feePayer: payer,
    recentBlockhash: Keypair.fromSeed(new Uint8Array(32).fill(9)).publicKey.toBase58(),
  })
    .add(
      SystemProgram.transfer({
        fromPubkey: payer,
        toPubkey: Keypair.fromSeed(new Uint8Array(32).fill(2)).publicKey,
        lamports: 1_500_000_000,
      }),
    )
    .serialize({ requireAllSignatures: false, verifySignatures: false }),
);

/**
 * One valid intent per activity path, and a fragment its summary must contain: specific content
 * (names, counts, amounts), never just the type's name.
 */
export function sampleIntents(s: SampleScene): Record<string, { intent: unknown; says: string }> {
  return {
    create_api_keys: {
      intent: {
        userId: s.bob,
        apiKeys: [{ apiKeyName: "ci", publicKey: s.publicKey, curveType: "API_KEY_CURVE_P256" }],
      },
      says: "Add 1 API key for bob: ci",
    },
    create_authenticators: {
      intent: {
        userId: s.bob,
        authenticators: [
          {
            authenticatorName: "laptop",
            challenge: "c",
            attestation: { credentialId: "id", clientDataJson: "j", attestationObject: "o", transports: [] },
          },
        ],
      },
      says: "Add 1 passkey for bob: laptop",
    },
    create_private_key_tag: {
      intent: { privateKeyTagName: "hot", privateKeyIds: [s.privateKeyId] },
      says: "Create private key tag hot on 1 key: signer-key",
    },
    create_read_only_session: { intent: {}, says: "read-only session" },
    create_read_write_session: {
      intent: { targetPublicKey: s.targetKey, userId: s.carol },
      says: "read-write session for carol",
    },
    create_smart_contract_interface: {
      intent: {
        smartContractAddress: RECIPIENT,
        smartContractInterface: "[]",
        type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
        label: "Vault",
      },
      says: "Register Ethereum ABI Vault",
    },
    create_sub_organization: {
      intent: { subOrganizationName: "Desk", rootUsers: [user("dana")], rootQuorumThreshold: 1 },
      says: "Create sub-organization Desk with 1 of 1 root user: dana",
    },
    create_user_tag: {
      intent: { userTagName: "ops", userIds: [s.bob, s.carol] },
      says: "Create user tag ops on 2 users: bob and carol",
    },
    create_users: {
      intent: { users: [user("erin"), user("frank")] },
      says: "Create 2 users: erin and frank",
    },
    delete_api_keys: {
      intent: { userId: s.carol, apiKeyIds: ["k1", "k2"] },
      says: "Delete 2 API keys of carol",
    },
    delete_authenticators: {
      intent: { userId: s.carol, authenticatorIds: ["a1"] },
      says: "Delete 1 passkey of carol",
    },
    delete_private_key_tags: {
      intent: { privateKeyTagIds: [s.tagId] },
      says: "Delete 1 private key tag: ops-tag",
    },
    delete_smart_contract_interface: {
      intent: { smartContractInterfaceId: s.contractId },
      says: "Delete contract interface Token ABI",
    },
    delete_sub_organization: { intent: { deleteWithoutExport: true }, says: "without exporting its keys" },
    delete_user_tags: { intent: { userTagIds: [s.tagId] }, says: "Delete 1 user tag: ops-tag" },
    delete_users: { intent: { userIds: [s.bob, s.carol] }, says: "Delete 2 users: bob and carol" },
    stamp_login: { intent: { publicKey: s.publicKey }, says: "Sign in with session key 0" },
    update_notifications: {
      intent: { voteNeeded: false, readAll: true },
      says: "Turn vote notifications off; Mark all notifications read",
    },
    update_organization_name: {
      intent: { organizationName: "Acme" },
      says: "Rename the organization to Acme",
    },
    update_private_key_tag: {
      intent: {
        privateKeyTagId: s.tagId,
        newPrivateKeyTagName: "cold",
        addPrivateKeyIds: [s.privateKeyId],
        removePrivateKeyIds: [],
      },
      says: "Update tag ops-tag: rename to cold, add signer-key",
    },
    update_root_quorum: {
      intent: { threshold: 2, userIds: [s.bob, s.carol] },
      says: "Update root quorum to 2 of bob and carol",
    },
    update_user: { intent: { userId: s.bob, userName: "robert" }, says: "Update user bob: name to robert" },
    eth_undelegate_7702: {
      intent: { from: s.accountAddress, caip2: "eip155:1" },
      says: "Remove the EIP-7702 delegation of",
    },
    ...serviceSampleIntents(s),
    update_user_email: {
      intent: { userId: s.bob, userEmail: "bob@example.com" },
      says: "Set the e-mail of bob to bob@example.com",
    },
    update_user_name: {
      intent: { userId: s.carol, userName: "caroline" },
      says: "Rename user carol to caroline",
    },
    update_user_phone_number: {
      intent: { userId: s.carol, userPhoneNumber: "+15555550100" },
      says: "phone number of carol to +15555550100",
    },
    update_user_tag: {
      intent: { userTagId: s.tagId, addUserIds: [], removeUserIds: [s.bob] },
      says: "Update tag ops-tag: remove bob",
    },
    create_wallet: {
      intent: { walletName: "Treasury", accounts: [account, account, account] },
      says: "Create wallet Treasury with 3 accounts",
    },
    create_wallet_accounts: {
      intent: { walletId: s.walletId, accounts: [account] },
      says: "Add 1 account to wallet Ops",
    },
    update_wallet: {
      intent: { walletId: s.walletId, walletName: "Operations" },
      says: "Rename wallet Ops to Operations",
    },
    upsert_gas_usage_config: {
      intent: { enabled: true, orgWindowLimitUsd: "50", windowDurationMinutes: "60" },
      says: "up to $50 per 60 minutes",
    },
    delete_wallets: { intent: { walletIds: [s.walletId] }, says: "Delete 1 wallet: Ops" },
    delete_wallet_accounts: {
      intent: { walletAccountIds: [s.accountId] },
      says: "Delete 1 wallet account: Ops/",
    },
    export_wallet: {
      intent: { walletId: s.walletId, targetPublicKey: s.targetKey },
      says: "Export the mnemonic of wallet Ops",
    },
    export_wallet_account: {
      intent: { address: s.accountAddress, targetPublicKey: s.targetKey },
      says: "Export the private key of account Ops/",
    },
    init_import_wallet: { intent: { userId: s.bob }, says: "Start importing a wallet for bob" },
    import_wallet: {
      intent: { walletName: "Cold", encryptedBundle: "{}", accounts: [account] },
      says: "Import wallet Cold with 1 account",
    },
    create_private_keys: {
      intent: {
        privateKeys: [
          { privateKeyName: "k1", curve: "CURVE_SECP256K1", privateKeyTags: [], addressFormats: [] },
        ],
      },
      says: "Create 1 private key: k1",
    },
    delete_private_keys: {
      intent: { privateKeyIds: [s.privateKeyId] },
      says: "Delete 1 private key: signer-key",
    },
    export_private_key: {
      intent: { privateKeyId: s.privateKeyId, targetPublicKey: s.targetKey },
      says: "Export private key signer-key",
    },
    init_import_private_key: { intent: {}, says: "Start importing a private key" },
    import_private_key: {
      intent: {
        privateKeyName: "imported",
        encryptedBundle: "{}",
        curve: "CURVE_ED25519",
        addressFormats: [],
      },
      says: "Import private key imported (ED25519)",
    },
    sign_raw_payload: {
      intent: {
        signWith: s.accountAddress,
        payload: "hello",
        encoding: "PAYLOAD_ENCODING_TEXT_UTF8",
        hashFunction: "HASH_FUNCTION_SHA256",
      },
      says: 'Sign the message "hello" with Ops/',
    },
    sign_raw_payloads: {
      intent: {
        signWith: s.accountAddress,
        payloads: ["0x01", "0x02"],
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
        hashFunction: "HASH_FUNCTION_KECCAK256",
      },
      says: "Sign 2 payloads with Ops/",
    },
    sign_transaction: {
      intent: {
        signWith: s.accountAddress,
        unsignedTransaction: SEND_QUARTER_ETH,
        type: "TRANSACTION_TYPE_ETHEREUM",
      },
      says: "Send 0.25 ETH to 0xabab…abab on Ethereum",
    },
    eth_send_transaction: {
      intent: {
        from: s.accountAddress,
        caip2: "eip155:8453",
        calls: [{ to: RECIPIENT, value: "1000000000000000000" }],
      },
      says: "Send 1 ETH to 0xabab…abab on Base from Ops/",
    },
    eth_send_raw_transaction: {
      intent: { signedTransaction: s.signedTransaction, caip2: "eip155:1" },
      says: "Broadcast a signed transaction: Send 0.25 ETH to 0xabab…abab on Ethereum",
    },
    sol_send_transaction: {
      intent: { unsignedTransaction: SOL_TRANSFER, signWiths: [payer.toBase58()], caip2: SOLANA_DEVNET },
      says: "Send 1.5 SOL",
    },
    create_policy: {
      intent: {
        policyName: "Two admins",
        effect: "EFFECT_ALLOW",
        condition: "true",
        consensus: "approvers.count() >= 2",
        notes: "",
      },
      says: "Create allow policy Two admins",
    },
    create_policies: {
      intent: {
        policies: [
          { policyName: "A", effect: "EFFECT_DENY", notes: "" },
          { policyName: "B", effect: "EFFECT_ALLOW", notes: "" },
        ],
      },
      says: "Create 2 policies: A and B",
    },
    update_policy: {
      intent: { policyId: s.policyId, policyEffect: "EFFECT_DENY" },
      says: "Update policy Limit: deny",
    },
    delete_policy: { intent: { policyId: s.policyId }, says: "Delete policy Limit" },
    delete_policies: {
      intent: { policyIds: [s.policyId, "unknown-policy-id-123"] },
      says: "Delete 2 policies: Limit and unknow…-123",
    },
  };
}
