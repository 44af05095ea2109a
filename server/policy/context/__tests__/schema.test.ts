import { describe, expect, it } from "vitest";
import type { PolicyType } from "../../types";
import { CONDITION_SCHEMA, CONSENSUS_SCHEMA } from "../schema";

/** The type a keyword path has in a schema (list items through `[]`), or undefined. */
function typeAt(schema: PolicyType, path: string): PolicyType | undefined {
  let type: PolicyType | undefined = schema;
  for (const step of path.split(".")) {
    if (!type) return undefined;
    if (step === "[]") {
      type = type.kind === "list" ? type.of : undefined;
    } else if (type.kind === "struct") {
      type = Object.hasOwn(type.fields, step) ? type.fields[step] : type.rest;
    } else {
      return undefined;
    }
  }
  return type;
}

/** Paths the reference's tables and example policies read, with their documented kinds. */
const CONDITION_PATHS: [string, PolicyType["kind"]][] = [
  ["activity.type", "string"],
  ["activity.kind", "string"],
  ["activity.resource", "string"],
  ["activity.action", "string"],
  ["activity.params.hash_function", "string"],
  ["activity.params.encoding", "string"],
  ["activity.params.type", "string"],
  ["activity.params.user_ids", "list"],
  ["activity.params.wallet_id", "string"],
  ["activity.params.policy_ids", "list"],
  ["activity.params.otp_length", "int"],
  ["activity.params.subscriptions.[].event_type", "string"],
  ["wallet.id", "string"],
  ["wallet.imported", "bool"],
  ["wallet.exported", "bool"],
  ["wallet.label", "string"],
  ["wallets.[].id", "string"],
  ["wallet_account.address", "string"],
  ["private_key.id", "string"],
  ["private_key.tags", "list"],
  ["eth.tx.from", "string"],
  ["eth.tx.to", "string"],
  ["eth.tx.data", "string"],
  ["eth.tx.value", "int"],
  ["eth.tx.gas", "int"],
  ["eth.tx.gas_price", "int"],
  ["eth.tx.chain_id", "int"],
  ["eth.tx.nonce", "int"],
  ["eth.tx.max_fee_per_gas", "int"],
  ["eth.tx.max_priority_fee_per_gas", "int"],
  ["eth.tx.max_fee_per_blob_gas", "int"],
  ["eth.tx.type", "string"],
  ["eth.tx.function_name", "string"],
  ["eth.tx.function_signature", "string"],
  ["eth.tx.contract_call_args.wad", "dynamic"],
  ["eth.eip_712.primary_type", "string"],
  ["eth.eip_712.domain.name", "string"],
  ["eth.eip_712.domain.version", "string"],
  ["eth.eip_712.domain.chain_id", "int"],
  ["eth.eip_712.domain.verifying_contract", "string"],
  ["eth.eip_712.message.permitted", "dynamic"],
  ["eth.eip_7702_authorization.address", "string"],
  ["eth.eip_7702_authorization.chain_id", "int"],
  ["eth.eip_7702_authorization.nonce", "int"],
  ["solana.tx.account_keys", "list"],
  ["solana.tx.program_keys.[]", "string"],
  ["solana.tx.recent_blockhash", "string"],
  ["solana.tx.instructions.[].program_key", "string"],
  ["solana.tx.instructions.[].accounts.[].account_key", "string"],
  ["solana.tx.instructions.[].accounts.[].signer", "bool"],
  ["solana.tx.instructions.[].accounts.[].writable", "bool"],
  ["solana.tx.instructions.[].instruction_data_hex", "string"],
  ["solana.tx.instructions.[].address_table_lookups.[].address_table_key", "string"],
  ["solana.tx.instructions.[].parsed_instruction_data.instruction_name", "string"],
  ["solana.tx.instructions.[].parsed_instruction_data.discriminator", "string"],
  ["solana.tx.instructions.[].parsed_instruction_data.named_accounts.user", "string"],
  ["solana.tx.instructions.[].parsed_instruction_data.program_call_args.in_amount", "dynamic"],
  ["solana.tx.transfers.[].from", "string"],
  ["solana.tx.transfers.[].to", "string"],
  ["solana.tx.transfers.[].amount", "int"],
  ["solana.tx.spl_transfers.[].from", "string"],
  ["solana.tx.spl_transfers.[].to", "string"],
  ["solana.tx.spl_transfers.[].amount", "int"],
  ["solana.tx.spl_transfers.[].owner", "string"],
  ["solana.tx.spl_transfers.[].signers", "list"],
  ["solana.tx.spl_transfers.[].token_mint", "string"],
  ["solana.tx.address_table_lookups.[].writable_indexes.[]", "int"],
  ["solana.tx.address_table_lookups.[].readonly_indexes", "list"],
  ["tron.tx.contract.[].owner_address", "string"],
  ["tron.tx.contract.[].actives.[].keys.[].weight", "int"],
  ["bitcoin.tx.outputs.[].value", "int"],
  ["bitcoin.tx.locktime.type", "string"],
  ["bitcoin.tx.fee", "int"],
  ["tempo.tx.calls.[].function_signature", "string"],
  ["tempo.tx.valid_before", "int"],
];

const CONSENSUS_PATHS: [string, PolicyType["kind"]][] = [
  ["approvers.[].id", "string"],
  ["approvers.[].tags", "list"],
  ["approvers.[].email", "string"],
  ["approvers.[].alias", "string"],
  ["credentials.[].id", "string"],
  ["credentials.[].user_id", "string"],
  ["credentials.[].type", "string"],
  ["credentials.[].credential_id", "string"],
  ["credentials.[].public_key", "string"],
];

describe("keyword schemas", () => {
  it.each(CONDITION_PATHS)("condition: %s is %s", (path, kind) => {
    expect(typeAt(CONDITION_SCHEMA, path)?.kind).toBe(kind);
  });

  it.each(CONSENSUS_PATHS)("consensus: %s is %s", (path, kind) => {
    expect(typeAt(CONSENSUS_SCHEMA, path)?.kind).toBe(kind);
  });

  it("keeps each side to its own keywords", () => {
    expect(typeAt(CONDITION_SCHEMA, "approvers")).toBeUndefined();
    expect(typeAt(CONDITION_SCHEMA, "credentials")).toBeUndefined();
    expect(typeAt(CONSENSUS_SCHEMA, "activity")).toBeUndefined();
    expect(typeAt(CONDITION_SCHEMA, "eth.tx.no_such_field")).toBeUndefined();
    expect(typeAt(CONDITION_SCHEMA, "activity.params.unlisted")).toBeUndefined();
  });
});
