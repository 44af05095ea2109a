import { readFileSync } from "node:fs";
import { bytesToHex } from "@noble/hashes/utils.js";
import { Keypair, PublicKey, SystemProgram, Transaction, TransactionInstruction } from "@solana/web3.js";
import { encodeFunctionData, erc20Abi, parseAbi, serializeTransaction, serializeTypedData } from "viem";
import { describe, expect, it } from "vitest";
import { activityByType } from "@/server/activities";
import { parseContractInterface } from "@/server/contracts";
import {
  checkPolicyExpression,
  evaluatePolicyExpression,
  PolicyEvaluationError,
  parsePolicyExpression,
} from "../../language";
import type { PolicyValue } from "../../types";
import { activityContext } from "../activity";
import { consensusContext } from "../consensus";
import { ethAuthorizationContext, ethTransactionContext, ethTypedDataContext } from "../ethereum";
import type { ContractInterfaceRef } from "../interfaces";
import { privateKeyContext, walletContext } from "../resources";
import { CONDITION_SCHEMA, CONSENSUS_SCHEMA } from "../schema";
import { solanaTransactionContext } from "../solana";

/**
 * The reference's example policies, type-checked by the language against these schemas and
 * evaluated on contexts built here: the check that the keyword names, types and value shapes agree
 * end to end. Addresses in policies are lower case, as the contexts give them.
 */
function holds(source: string, context: PolicyValue, schema = CONDITION_SCHEMA): boolean {
  const expression = parsePolicyExpression(source);
  checkPolicyExpression(expression, schema, { expect: "bool" });
  return evaluatePolicyExpression(expression, context);
}

const ethInterface = (address: string, abi: unknown): ContractInterfaceRef => ({
  address,
  parsed: parseContractInterface({
    type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
    address,
    definition: JSON.stringify(abi),
  }),
});

describe("the reference's examples on built contexts", () => {
  it("activity resource, action and params", () => {
    const createWallet = {
      activity: activityContext(activityByType("ACTIVITY_TYPE_CREATE_WALLET")!, { walletName: "w" }),
    };
    expect(holds("activity.resource == 'WALLET' && activity.action == 'CREATE'", createWallet)).toBe(true);
    const noOp = {
      activity: activityContext(activityByType("ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2")!, {
        hashFunction: "HASH_FUNCTION_NO_OP",
        encoding: "PAYLOAD_ENCODING_HEXADECIMAL",
      }),
    };
    expect(
      holds(
        "activity.type == 'ACTIVITY_TYPE_SIGN_RAW_PAYLOAD_V2' && activity.params.hash_function == 'HASH_FUNCTION_NO_OP' && activity.params.encoding != 'PAYLOAD_ENCODING_EIP712'",
        noOp,
      ),
    ).toBe(true);
    const deleteSelf = {
      activity: activityContext(activityByType("ACTIVITY_TYPE_DELETE_USERS")!, { userIds: ["u1"] }),
    };
    expect(
      holds(
        "activity.type == 'ACTIVITY_TYPE_DELETE_USERS' && activity.params.user_ids.count() == 1 && 'u1' in activity.params.user_ids",
        deleteSelf,
      ),
    ).toBe(true);
    expect(holds("activity.kind == 'DELETE_USERS'", deleteSelf)).toBe(true);
  });

  it("wallet and private key; a clause on an absent keyword errors (no short-circuit)", () => {
    const context = {
      wallet: walletContext({ id: "w1", name: "hot", imported: false, exported: true }),
    };
    expect(holds("wallet.id == 'w1' && wallet.exported", context)).toBe(true);
    expect(() => holds("wallet.id == 'w1' || private_key.id == 'k1'", context)).toThrow(
      PolicyEvaluationError,
    );
    const keyed = {
      private_key: privateKeyContext({ id: "k1", name: "k", tags: ["t1"], imported: true, exported: false }),
    };
    expect(holds("private_key.tags.contains('t1') && private_key.imported", keyed)).toBe(true);
  });

  it("eth.tx: destination, selector slice, ABI names and arguments, tuple positions", () => {
    const weth = "0xc02aaa39b223fe8d0a0e5c4f27ead9083c756cc2";
    const wethAbi = parseAbi([
      "function transfer(address dst, uint256 wad) returns (bool)",
      "function executeBatch((address target, uint256 value, bytes data)[] calls)",
    ]);
    const dst = "0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7";
    const tx = (data: `0x${string}`) => ({
      eth: {
        tx: ethTransactionContext(
          serializeTransaction({ chainId: 11155111, nonce: 2, gas: 1n, maxFeePerGas: 1n, to: weth, data }),
          [ethInterface(weth, wethAbi)],
        ),
      },
    });
    const transfer = tx(
      encodeFunctionData({ abi: wethAbi, functionName: "transfer", args: [dst, 10n ** 17n] }),
    );
    expect(holds(`eth.tx.to == '${weth}' && eth.tx.data[0..10] == '0xa9059cbb'`, transfer)).toBe(true);
    expect(
      holds("eth.tx.function_name == 'transfer' && eth.tx.function_signature == '0xa9059cbb'", transfer),
    ).toBe(true);
    expect(
      holds(
        `eth.tx.contract_call_args['wad'] < 1000000000000000000 && eth.tx.contract_call_args['dst'] == '${dst.toLowerCase()}'`,
        transfer,
      ),
    ).toBe(true);
    expect(holds("eth.tx.chain_id == 11155111 && eth.tx.nonce <= 3", transfer)).toBe(true);
    const batch = tx(
      encodeFunctionData({
        abi: wethAbi,
        functionName: "executeBatch",
        args: [[{ target: weth, value: 0n, data: "0x" }]],
      }),
    );
    expect(
      holds(
        `eth.tx.function_name == 'executeBatch' && eth.tx.contract_call_args['calls'].count() <= 2 && eth.tx.contract_call_args['calls'].all(call, call[0] == '${weth}' && call[1] == 0)`,
        batch,
      ),
    ).toBe(true);
    // No ABI registered for the address: the ABI fields are absent, reading them errors.
    const plain = {
      eth: {
        tx: ethTransactionContext(
          serializeTransaction({ chainId: 1, gas: 1n, maxFeePerGas: 1n, to: weth, data: "0xa9059cbb" }),
          [],
        ),
      },
    };
    expect(() => holds("eth.tx.function_name == 'transfer'", plain)).toThrow(PolicyEvaluationError);
    expect(holds("eth.tx.data[0..10] == '0xa9059cbb'", plain)).toBe(true);
    // An ERC-20 approve through the registered erc20Abi.
    const usdc = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
    const approve = {
      eth: {
        tx: ethTransactionContext(
          serializeTransaction({
            chainId: 1,
            gas: 1n,
            maxFeePerGas: 1n,
            to: usdc,
            data: encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [weth, 5n] }),
          }),
          [ethInterface(usdc, erc20Abi)],
        ),
      },
    };
    expect(
      holds(
        `eth.tx.contract_call_args['spender'] == '${weth}' && eth.tx.contract_call_args['amount'] == 5`,
        approve,
      ),
    ).toBe(true);
  });

  it("eth.eip_712 nested message fields and eth.eip_7702_authorization", () => {
    const usdc = "0xa0b86991c6218b36c1d19d4a2e9eb0ce3606eb48";
    const domain = {
      name: "Permit2",
      chainId: 1n,
      verifyingContract: "0x000000000022D473030F116dDEE9F6B43aC78BA3",
    } as const;
    const typed = serializeTypedData({
      domain,
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        TokenPermissions: [
          { name: "token", type: "address" },
          { name: "amount", type: "uint256" },
        ],
        PermitBatchTransferFrom: [
          { name: "permitted", type: "TokenPermissions[]" },
          { name: "spender", type: "address" },
          { name: "nonce", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "PermitBatchTransferFrom",
      message: {
        permitted: [{ token: "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48", amount: 10n }],
        spender: usdc,
        nonce: 0n,
        deadline: 1n,
      },
    });
    const context = { eth: { eip_712: ethTypedDataContext(typed) } };
    expect(
      holds(
        `eth.eip_712.domain.name == 'Permit2' && eth.eip_712.primary_type == 'PermitBatchTransferFrom' && eth.eip_712.message['permitted'][0]['token'] == '${usdc}'`,
        context,
      ),
    ).toBe(true);
    expect(
      holds(
        `eth.eip_712.message['permitted'].any(p, p['token'] == '${usdc}' && p['amount'] < 100000000) && eth.eip_712.message['permitted'].count() <= 2`,
        context,
      ),
    ).toBe(true);
    const authorization = {
      eth: {
        eip_7702_authorization: ethAuthorizationContext(
          JSON.stringify({ address: usdc, chainId: 1, nonce: 0 }),
        ),
      },
    };
    expect(
      holds(
        `eth.eip_7702_authorization.address == '${usdc}' && eth.eip_7702_authorization.chain_id == 1 && eth.eip_7702_authorization.nonce == 0`,
        authorization,
      ),
    ).toBe(true);
  });

  it("solana.tx transfers, programs, SPL mints and IDL-parsed instructions", () => {
    const key = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
    const [payer, bob, source, mint, destination] = [1, 2, 3, 4, 5].map(key) as PublicKey[];
    const raydium = new PublicKey("CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C");
    const amountIn = new Uint8Array(8);
    new DataView(amountIn.buffer).setBigUint64(0, 995_500_000n, true);
    const transaction = new Transaction({ feePayer: payer!, recentBlockhash: key(9).toBase58() }).add(
      SystemProgram.transfer({ fromPubkey: payer!, toPubkey: bob!, lamports: 10 }),
      new TransactionInstruction({
        programId: new PublicKey("TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA"),
        keys: [source!, mint!, destination!, payer!].map((pubkey, i) => ({
          pubkey,
          isSigner: i === 3,
          isWritable: i !== 1,
        })),
        data: Buffer.from([12, 1, 0, 0, 0, 0, 0, 0, 0, 6]),
      }),
      new TransactionInstruction({
        programId: raydium,
        keys: [],
        data: Buffer.from([143, 190, 90, 218, 196, 30, 51, 222, ...amountIn, ...new Uint8Array(8)]),
      }),
    );
    const idl = readFileSync(
      new URL("../../../contracts/__tests__/fixtures/raydium-cp-swap.idl.json", import.meta.url),
      "utf8",
    );
    const interfaces = [
      {
        address: raydium.toBase58(),
        parsed: parseContractInterface({
          type: "SMART_CONTRACT_INTERFACE_TYPE_SOLANA",
          address: raydium.toBase58(),
          definition: idl,
        }),
      },
    ];
    const context = {
      solana: {
        tx: solanaTransactionContext(
          bytesToHex(transaction.serialize({ requireAllSignatures: false, verifySignatures: false })),
          interfaces,
        ),
      },
    };
    expect(
      holds(`solana.tx.transfers.count() == 1 && solana.tx.transfers[0].to == '${bob!.toBase58()}'`, context),
    ).toBe(true);
    expect(holds(`solana.tx.transfers.all(transfer, transfer.from == '${payer!.toBase58()}')`, context)).toBe(
      true,
    );
    expect(holds("solana.tx.program_keys.all(p, p == '11111111111111111111111111111111')", context)).toBe(
      false,
    );
    expect(
      holds(`solana.tx.spl_transfers.all(t, t.token_mint == '${mint!.toBase58()}' && t.amount < 2)`, context),
    ).toBe(true);
    expect(holds("solana.tx.transfers.any(t, t.to == 'ADDRESS_TABLE_LOOKUP')", context)).toBe(false);
    expect(holds("solana.tx.address_table_lookups.count() > 0", context)).toBe(false);
    // The reference's IDL example, on the swap instruction (the only one with parsed data: for
    // the others the field is absent, and with no short-circuit `.any` over all instructions would
    // be an evaluation error).
    expect(
      holds(
        `solana.tx.instructions[2].program_key == '${raydium.toBase58()}' && solana.tx.instructions[2].parsed_instruction_data.instruction_name == 'swap_base_input' && solana.tx.instructions[2].parsed_instruction_data.program_call_args['amount_in'] == 995500000`,
        context,
      ),
    ).toBe(true);
    expect(
      holds(`solana.tx.instructions[0].accounts[0].account_key == '${payer!.toBase58()}'`, context),
    ).toBe(true);
  });

  it("consensus: approvers by id and by tag", () => {
    const consensus = consensusContext(
      [
        { id: "u1", tags: ["ops"], email: "a@example.com", name: "A" },
        { id: "u2", tags: ["ops"], name: "B" },
      ],
      [],
    );
    expect(holds("approvers.any(user, user.id == 'u1')", consensus, CONSENSUS_SCHEMA)).toBe(true);
    expect(
      holds("approvers.filter(user, user.tags.contains('ops')).count() >= 2", consensus, CONSENSUS_SCHEMA),
    ).toBe(true);
    expect(holds("approvers.any(user, user.email == 'b@example.com')", consensus, CONSENSUS_SCHEMA)).toBe(
      false,
    );
  });
});
