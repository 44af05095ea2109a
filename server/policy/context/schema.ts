import { type PolicyType, T } from "../types";

/**
 * The static type of every keyword a policy may read, after Turnkey's policy-language reference
 * (features/policies/language.mdx: Keywords, Struct, Nested structs, Activity parameters). The type
 * checker checks policies against these; the builders in this folder produce values that conform to
 * them (see conforms.ts and the tests). A declared field an activity does not have is absent from
 * the value: reading it is an evaluation error (OUTCOME_ERROR for that policy), as in Turnkey.
 *
 * Choices where the reference is silent or Latchkey differs are written beside the field.
 */

const { bool, int, string, dynamic, list, struct } = T;
const strings = list(string);

/**
 * `activity.params`: every parameter the reference exposes for some activity type, each present only
 * for the activity types that expose it (params.ts). One struct for all of them, so a field name has
 * one type whatever the activity. Fields of activities Latchkey does not have (OTP, webhooks) are
 * declared so that policies written for Turnkey still type-check; they are never present.
 */
export const ACTIVITY_PARAMS = struct("ActivityParams", {
  hash_function: string,
  encoding: string,
  /** SIGN_TRANSACTION_V2: TRANSACTION_TYPE_ETHEREUM / _SOLANA. */
  type: string,
  user_ids: strings,
  user_id: string,
  wallet_id: string,
  policy_id: string,
  policy_ids: strings,
  target_public_key: string,
  session_profile_id: string,
  otp_length: int,
  url: string,
  name: string,
  subscriptions: list(
    struct("WebhookSubscription", { event_type: string, filters_json: string, is_active: bool }),
  ),
  endpoint_id: string,
  is_active: bool,
});

export const ACTIVITY = struct("Activity", {
  type: string,
  /** The type without `ACTIVITY_TYPE_` and its `_V<n>` suffix, e.g. SIGN_TRANSACTION. */
  kind: string,
  resource: string,
  action: string,
  params: ACTIVITY_PARAMS,
});

export const WALLET = struct("Wallet", { id: string, imported: bool, exported: bool, label: string });
export const WALLET_ACCOUNT = struct("WalletAccount", { address: string });
export const PRIVATE_KEY = struct("PrivateKey", {
  id: string,
  tags: strings,
  imported: bool,
  exported: bool,
  label: string,
});

/**
 * `eth.tx`. Addresses and hex are lower case (policies compare strings; see ethereum.ts), integers
 * are `int` (bigint: u256 values such as wei amounts fit). `function_name`, `function_signature` and
 * `contract_call_args` are present only when an ABI is registered for `to` and knows the selector.
 */
export const ETHEREUM_TRANSACTION = struct("EthereumTransaction", {
  from: string,
  to: string,
  data: string,
  value: int,
  gas: int,
  gas_price: int,
  chain_id: int,
  nonce: int,
  max_fee_per_gas: int,
  max_priority_fee_per_gas: int,
  max_fee_per_blob_gas: int,
  /** LEGACY, TYPE_1 (EIP-2930), TYPE_2 (EIP-1559), TYPE_3 (EIP-4844), TYPE_4 (EIP-7702). */
  type: string,
  function_name: string,
  /** The selector, `0x` + 8 hex digits. */
  function_signature: string,
  /** Argument name → value (Turnkey's Map<String, ContractArgument>), read as `args['name']`. */
  contract_call_args: struct("ContractCallArgs", {}, dynamic),
});

export const EIP712_DOMAIN = struct("Eip712Domain", {
  name: string,
  version: string,
  chain_id: int,
  verifying_contract: string,
  /** Not in the reference's table; EIP-712 domains may carry it, so it is exposed when present. */
  salt: string,
});

export const EIP712_TYPED_DATA = struct("Eip712TypedData", {
  primary_type: string,
  domain: EIP712_DOMAIN,
  /** The message's fields by name; nested structs are structs, arrays are lists. */
  message: struct("Eip712Message", {}, dynamic),
});

export const EIP7702_AUTHORIZATION = struct("Eip7702Authorization", {
  address: string,
  chain_id: int,
  nonce: int,
});

export const SOLANA_ACCOUNT = struct("Account", { account_key: string, signer: bool, writable: bool });

export const ADDRESS_TABLE_LOOKUP = struct("AddressTableLookup", {
  address_table_key: string,
  writable_indexes: list(int),
  readonly_indexes: list(int),
});

export const SOLANA_PARSED_INSTRUCTION_DATA = struct("SolanaParsedInstructionData", {
  instruction_name: string,
  /** Hex of the leading bytes that select the instruction (8 for Anchor's default). */
  discriminator: string,
  /**
   * IDL account name → account key. The reference's table spells it `named_account`, its
   * smart-contract-interface page `named_accounts`; we take the plural, as that page's prose does.
   */
  named_accounts: struct("NamedAccounts", {}, string),
  /** Present only when every argument type could be decoded (solana-anchor.ts). */
  program_call_args: struct("ProgramCallArgs", {}, dynamic),
});

export const SOLANA_INSTRUCTION = struct("Instruction", {
  program_key: string,
  accounts: list(SOLANA_ACCOUNT),
  /** Lower-case hex without `0x`. */
  instruction_data_hex: string,
  address_table_lookups: list(ADDRESS_TABLE_LOOKUP),
  parsed_instruction_data: SOLANA_PARSED_INSTRUCTION_DATA,
});

export const SOLANA_TRANSFER = struct("Transfer", { from: string, to: string, amount: int });

export const SPL_TRANSFER = struct("SPLTransfer", {
  from: string,
  to: string,
  amount: int,
  owner: string,
  signers: strings,
  /** Only for TransferChecked / TransferCheckedWithFee: plain Transfer does not name the mint. */
  token_mint: string,
  /**
   * Not in the reference's table but in Turnkey's open-source parser (tkhq/solana-parser): the
   * decimals of the checked forms and the fee of TransferCheckedWithFee.
   */
  decimals: int,
  fee: int,
});

export const SOLANA_TRANSACTION = struct("SolanaTransaction", {
  account_keys: strings,
  program_keys: strings,
  instructions: list(SOLANA_INSTRUCTION),
  transfers: list(SOLANA_TRANSFER),
  recent_blockhash: string,
  spl_transfers: list(SPL_TRANSFER),
  address_table_lookups: list(ADDRESS_TABLE_LOOKUP),
});

/*
 * Tron, Bitcoin and Tempo: Latchkey signs none of them (sign_transaction takes Ethereum and Solana
 * only), so these values are never present. They are declared so that a policy written for Turnkey
 * that mentions them is accepted and, like any absent keyword, errors only when evaluated.
 */
const TRON_KEY = struct("TronKey", { address: string, weight: int });
const TRON_PERMISSION = struct("TronPermission", {
  type: string,
  id: int,
  permission_name: string,
  threshold: int,
  parent_id: int,
  operations: string,
  /** The reference types it TronKey but describes a list of up to 5 keys: a list. */
  keys: list(TRON_KEY),
});
const TRON_CONTRACT = struct("TronContract", {
  type: string,
  permission_id: int,
  owner_address: string,
  to_address: string,
  amount: int,
  contract_address: string,
  call_value: int,
  data: string,
  call_token_value: int,
  token_id: int,
  resource: string,
  balance: int,
  receiver_address: string,
  lock: bool,
  lock_period: int,
  frozen_balance: int,
  unfreeze_balance: int,
  owner: TRON_PERMISSION,
  witness: TRON_PERMISSION,
  actives: list(TRON_PERMISSION),
});
export const TRON_TRANSACTION = struct("TronTransaction", {
  ref_block_bytes: string,
  ref_block_hash: string,
  expiration: int,
  timestamp: int,
  data: string,
  fee_limit: int,
  contract: list(TRON_CONTRACT),
});

export const BITCOIN_TRANSACTION = struct("BitcoinTransaction", {
  version: string,
  inputs: list(struct("BitcoinTxInput", { tx_id: string, vout: int, sequence: int })),
  outputs: list(
    struct("BitcoinTxOutput", { value: int, script_pubkey: string, address: string, address_type: string }),
  ),
  locktime: struct("BitcoinTxLocktime", { amount: int, type: string }),
  fee: int,
});

export const TEMPO_TRANSACTION = struct("TempoTransaction", {
  chain_id: int,
  from: string,
  nonce: int,
  gas_limit: int,
  max_fee_per_gas: int,
  max_priority_fee_per_gas: int,
  fee_token: string,
  valid_before: int,
  valid_after: int,
  calls: list(struct("TempoCall", { to: string, input: string, function_signature: string })),
});

/** What `condition` may read. The reference gives the condition no access to credentials. */
export const CONDITION_SCHEMA: PolicyType = struct("Condition", {
  activity: ACTIVITY,
  eth: struct("Ethereum", {
    tx: ETHEREUM_TRANSACTION,
    eip_712: EIP712_TYPED_DATA,
    eip_7702_authorization: EIP7702_AUTHORIZATION,
  }),
  solana: struct("Solana", { tx: SOLANA_TRANSACTION }),
  tron: struct("Tron", { tx: TRON_TRANSACTION }),
  bitcoin: struct("Bitcoin", { tx: BITCOIN_TRANSACTION }),
  tempo: struct("Tempo", { tx: TEMPO_TRANSACTION }),
  wallet: WALLET,
  wallets: list(WALLET),
  private_key: PRIVATE_KEY,
  wallet_account: WALLET_ACCOUNT,
});

export const USER = struct("User", { id: string, tags: strings, email: string, alias: string });

export const CREDENTIAL = struct("Credential", {
  id: string,
  user_id: string,
  type: string,
  credential_id: string,
  public_key: string,
});

/** What `consensus` may read: who approved, and with which credentials. */
export const CONSENSUS_SCHEMA: PolicyType = struct("Consensus", {
  approvers: list(USER),
  credentials: list(CREDENTIAL),
});
