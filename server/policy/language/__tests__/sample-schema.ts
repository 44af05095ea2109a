import { type PolicyType, type PolicyValue, T } from "../../types";

/**
 * A realistic root schema for the language's own tests (the real keyword schemas live in
 * server/policy/context/): activity, approvers, credentials, eth.tx (with open contract arguments),
 * solana.tx, wallet and time.now. Shapes follow Turnkey's policy-language reference.
 */
const { bool, int, string, timestamp, dynamic, list, struct } = T;

export const USER = struct("User", { id: string, tags: list(string), email: string, alias: string });
export const TRANSFER = struct("Transfer", { from: string, to: string, amount: int });
const SPL_TRANSFER = struct("SPLTransfer", {
  from: string,
  to: string,
  amount: int,
  owner: string,
  signers: list(string),
  token_mint: string,
});
const ACCOUNT = struct("Account", { account_key: string, signer: bool, writable: bool });
const INSTRUCTION = struct("Instruction", {
  program_key: string,
  accounts: list(ACCOUNT),
  instruction_data_hex: string,
});

export const SAMPLE_SCHEMA: PolicyType = struct("Sample", {
  activity: struct("Activity", {
    type: string,
    kind: string,
    resource: string,
    action: string,
    params: struct("ActivityParams", { user_ids: list(string), hash_function: string }),
  }),
  approvers: list(USER),
  credentials: list(struct("Credential", { id: string, user_id: string, type: string, public_key: string })),
  eth: struct("Ethereum", {
    tx: struct("EthereumTransaction", {
      from: string,
      to: string,
      data: string,
      value: int,
      chain_id: int,
      nonce: int,
      function_name: string,
      contract_call_args: struct("ContractCallArgs", {}, dynamic),
    }),
  }),
  solana: struct("Solana", {
    tx: struct("SolanaTransaction", {
      account_keys: list(string),
      program_keys: list(string),
      instructions: list(INSTRUCTION),
      transfers: list(TRANSFER),
      spl_transfers: list(SPL_TRANSFER),
    }),
  }),
  wallet: struct("Wallet", { id: string, imported: bool, exported: bool, label: string }),
  time: struct("Time", { now: timestamp }),
});

export const ALICE = "user-alice";
export const BOB = "user-bob";

/** One concrete context of that schema: an ERC-20 approve signed by Alice and Bob. */
export function sampleContext(overrides: Record<string, PolicyValue | undefined> = {}): PolicyValue {
  return {
    activity: {
      type: "ACTIVITY_TYPE_SIGN_TRANSACTION_V2",
      kind: "SIGN_TRANSACTION",
      resource: "PRIVATE_KEY",
      action: "SIGN",
      params: { user_ids: [ALICE], hash_function: "HASH_FUNCTION_NO_OP" },
    },
    approvers: [
      { id: ALICE, tags: ["admin", "ops"], email: "alice@example.com", alias: "Alice" },
      { id: BOB, tags: ["ops"], email: "bob@example.com", alias: "Bob" },
    ],
    credentials: [{ id: "cred-1", user_id: ALICE, type: "CREDENTIAL_TYPE_API_KEY_P256", public_key: "02ab" }],
    eth: {
      tx: {
        from: "0x1111111111111111111111111111111111111111",
        to: "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48",
        data: "0x095ea7b3000000000000000000000000000000000000000000000000000000000000dead",
        value: 0n,
        chain_id: 1n,
        nonce: 7n,
        function_name: "approve",
        contract_call_args: {
          spender: "0x000000000000000000000000000000000000dead",
          amount: 1_000_000n,
          calls: [
            ["0x2222222222222222222222222222222222222222", 0n],
            ["0x2222222222222222222222222222222222222222", 5n],
          ],
          nested: { inner: { flag: true } },
        },
      },
    },
    solana: {
      tx: {
        account_keys: ["Alice111", "Bob222"],
        program_keys: ["11111111111111111111111111111111"],
        instructions: [
          {
            program_key: "11111111111111111111111111111111",
            accounts: [{ account_key: "Alice111", signer: true, writable: true }],
            instruction_data_hex: "02000000",
          },
        ],
        transfers: [
          { from: "Alice111", to: "Bob222", amount: 5000n },
          { from: "Alice111", to: "Carol333", amount: 7n },
        ],
        spl_transfers: [],
      },
    },
    wallet: { id: "wallet-1", imported: false, exported: true, label: "Treasury" },
    time: { now: new Date("2026-03-15T12:00:00Z") },
    ...overrides,
  };
}
