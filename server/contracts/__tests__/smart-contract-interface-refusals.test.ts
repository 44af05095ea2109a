import { describe, expect, it } from "vitest";
import { SMART_CONTRACT_INTERFACE_MAX_BYTES } from "@/lib/api/contracts";
import {
  type ActivityBody,
  CP_SWAP,
  CP_SWAP_IDL,
  CREATE,
  expectRefused,
  org,
  query,
  submit,
  t,
  VAULT,
  VAULT_ABI,
  withInterfaceScene,
} from "./interface-scene";

/**
 * What create_smart_contract_interface refuses: a 4xx that names the field and the problem and
 * writes nothing, an interface over the size limit included.
 */

withInterfaceScene();

describe("refusals: a 400 naming the field and the problem, nothing written", () => {
  const ethereum = (changes: Record<string, unknown>) => () =>
    submit(org, "create_smart_contract_interface", CREATE, {
      smartContractAddress: VAULT,
      smartContractInterface: VAULT_ABI,
      type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
      label: "x",
      ...changes,
    });
  const solana = (changes: Record<string, unknown>) => () =>
    submit(org, "create_smart_contract_interface", CREATE, {
      smartContractAddress: CP_SWAP,
      smartContractInterface: CP_SWAP_IDL,
      type: "SMART_CONTRACT_INTERFACE_TYPE_SOLANA",
      label: "x",
      ...changes,
    });

  it("an ABI item with an invalid type names the item index and the problem", async () => {
    const abi = JSON.parse(VAULT_ABI) as Record<string, unknown>[];
    abi[12] = {
      type: "function",
      name: "approve",
      inputs: [
        { name: "spender", type: "address" },
        { name: "value", type: "uint257" },
      ],
      outputs: [],
      stateMutability: "nonpayable",
    };
    const body = await expectRefused(
      ethereum({ smartContractInterface: JSON.stringify(abi) }),
      400,
      'parameters.smartContractInterface: item 12 (function "approve"): inputs[1]: "uint257" is not a Solidity type (uint<M> needs M a multiple of 8 from 8 to 256)',
    );
    expect(body.code).toBe(3);
    expect(body.details[0]!.turnkeyErrorCode).toBe("REQUEST_INVALID");
    expect(body.details[1]!.fieldViolations![0]!.field).toBe("parameters.smartContractInterface");
  });

  it("an ABI that is not JSON", async () => {
    await expectRefused(
      ethereum({ smartContractInterface: "[{]" }),
      400,
      `parameters.smartContractInterface: is not valid JSON (expected a JSON array of ABI items): ${jsonError("[{]")}`,
    );
  });

  it("an Ethereum address that is not one", async () => {
    await expectRefused(
      ethereum({ smartContractAddress: CP_SWAP }),
      400,
      `parameters.smartContractAddress: must be a 0x-prefixed 20-byte hex address (42 characters), not "${CP_SWAP}"`,
    );
  });

  it("an Ethereum address with a broken checksum", async () => {
    const typo = VAULT.replace("c6218", "C6218");
    await expectRefused(
      ethereum({ smartContractAddress: typo }),
      400,
      `parameters.smartContractAddress: ${typo} has mixed case but fails its EIP-55 checksum; check it for a typo, or send it in lower case`,
    );
  });

  it("an ABI sent as a Solana interface", async () => {
    await expectRefused(
      solana({ smartContractInterface: VAULT_ABI }),
      400,
      'parameters.smartContractInterface: must be an Anchor IDL: a JSON object with "instructions" (an array looks like an Ethereum ABI; check the type)',
    );
  });

  it("an IDL instruction with an unknown argument type", async () => {
    const idl = JSON.parse(CP_SWAP_IDL) as { instructions: { args: { type: unknown }[] }[] };
    idl.instructions[9]!.args[1]!.type = "u63";
    await expectRefused(
      solana({ smartContractInterface: JSON.stringify(idl) }),
      400,
      'parameters.smartContractInterface: instructions[9] ("swap_base_input"): args[1] ("minimum_amount_out"): "type": "u63" is not an IDL type',
    );
  });

  it("a program id that is not base58 of 32 bytes", async () => {
    await expectRefused(
      solana({ smartContractAddress: "CPMMoo8L3F4NbTegBCKVNunggL7H1Zpd" }),
      400,
      "parameters.smartContractAddress: decodes to 24 bytes; a Solana program id is 32 bytes (base58, 32 to 44 characters)",
    );
    await expectRefused(
      solana({ smartContractAddress: VAULT }),
      400,
      `parameters.smartContractAddress: must be a base58 Solana program id, not "${VAULT}"`,
    );
  });

  it("an IDL registered under another program id", async () => {
    const token = "TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA";
    await expectRefused(
      solana({ smartContractAddress: token }),
      400,
      `parameters.smartContractInterface: the IDL is for program ${CP_SWAP}, but smartContractAddress is ${token}`,
    );
  });

  it("an unknown type, an empty label, an empty interface", async () => {
    await expectRefused(
      ethereum({ type: "SMART_CONTRACT_INTERFACE_TYPE_TRON" }),
      400,
      'invalid request: parameters.type: Invalid option: expected one of "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM"|"SMART_CONTRACT_INTERFACE_TYPE_SOLANA"',
    );
    await expectRefused(
      ethereum({ label: " " }),
      400,
      "invalid request: parameters.label: must not be empty",
    );
    await expectRefused(
      ethereum({ smartContractInterface: "" }),
      400,
      "invalid request: parameters.smartContractInterface: must not be empty",
    );
  });
});

describe(`size: at most ${SMART_CONTRACT_INTERFACE_MAX_BYTES} bytes of UTF-8`, () => {
  /**
   * A valid ABI of exactly `bytes` bytes of UTF-8, padded inside a string mostly with quotes and
   * backslashes (each two bytes in the ABI and four once the ABI is a JSON string in the request
   * body: the worst case for the body size) and some "é" (two bytes, one character).
   */
  function abiOfSize(bytes: number): string {
    const abi = JSON.parse(VAULT_ABI) as Record<string, unknown>[];
    const padded = (pad: string) =>
      JSON.stringify([
        ...abi,
        { type: "error", name: "Padding", inputs: [{ name: "p", type: "bytes", internalType: pad }] },
      ]);
    const room = bytes - Buffer.byteLength(padded(""));
    const accents = 1000;
    const escapes = Math.floor((room - accents * 2) / 2);
    const odd = room - accents * 2 - escapes * 2;
    const text = padded(
      `${'"\\'.repeat(escapes / 2)}${escapes % 2 ? '"' : ""}${"é".repeat(accents)}${"x".repeat(odd)}`,
    );
    expect(Buffer.byteLength(text)).toBe(bytes);
    return text;
  }

  it("exactly the limit is accepted (and fits the default request body limit once escaped)", async () => {
    const definition = abiOfSize(SMART_CONTRACT_INTERFACE_MAX_BYTES);
    expect(definition.length).toBeLessThan(SMART_CONTRACT_INTERFACE_MAX_BYTES); // bytes, not characters, count
    const body = JSON.stringify(
      t.activity(CREATE, org.organizationId, {
        smartContractAddress: VAULT,
        smartContractInterface: definition,
        type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
        label: "At the limit",
      }),
    );
    expect(Buffer.byteLength(body)).toBeGreaterThan(790_000);
    expect(Buffer.byteLength(body)).toBeLessThan(t.app.config.maxBodyBytes);
    const res = await t.call<ActivityBody>("submit", "create_smart_contract_interface", body, org.key);
    expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
    const id = res.body.activity.result.createSmartContractInterfaceResult!.smartContractInterfaceId!;
    const got = await query<{ smartContractInterface: { smartContractInterface: string } }>(
      org,
      "get_smart_contract_interface",
      { smartContractInterfaceId: id },
    );
    expect(got.body.smartContractInterface.smartContractInterface).toBe(definition);
  });

  it("one byte over is a 400 naming the field and the limit", async () => {
    const body = await expectRefused(
      () =>
        submit(org, "create_smart_contract_interface", CREATE, {
          smartContractAddress: VAULT,
          smartContractInterface: abiOfSize(SMART_CONTRACT_INTERFACE_MAX_BYTES + 1),
          type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
          label: "Over the limit",
        }),
      400,
      "invalid request: parameters.smartContractInterface: must be at most 400000 bytes of UTF-8 (this one is 400001)",
    );
    expect(body.details[1]!.fieldViolations).toEqual([
      {
        field: "parameters.smartContractInterface",
        description: "must be at most 400000 bytes of UTF-8 (this one is 400001)",
      },
    ]);
  });
});

function jsonError(text: string): string {
  try {
    JSON.parse(text);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("valid JSON");
}
