import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SMART_CONTRACT_INTERFACE_MAX_BYTES } from "@/lib/api/contracts";
import { smartContractInterfaces } from "../../db/schema";
import { databaseDigest } from "../../testing/db-snapshot";
import { startTestApp, type TestApp, type TestKey } from "../../testing/harness";

/**
 * Smart contract interfaces through the real pipeline: create (ABI or IDL), read back, delete,
 * and every refusal a 4xx that names the problem and writes nothing.
 */

const fixture = (name: string) =>
  readFileSync(new URL(`../../contracts/__tests__/fixtures/${name}`, import.meta.url), "utf8");
const VAULT_ABI = fixture("erc4626-vault.abi.json");
const CP_SWAP_IDL = fixture("raydium-cp-swap.idl.json");
const CP_SWAP = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
/** A checksummed (EIP-55) address, sent in mixed case. */
const VAULT = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const CREATE = "ACTIVITY_TYPE_CREATE_SMART_CONTRACT_INTERFACE";
const DELETE = "ACTIVITY_TYPE_DELETE_SMART_CONTRACT_INTERFACE";

interface Org {
  organizationId: string;
  userId: string;
  key: TestKey;
}
interface ActivityBody {
  activity: {
    status: string;
    type: string;
    intent: Record<string, unknown>;
    result: Record<string, Record<string, string>>;
  };
}
interface ErrorBody {
  code: number;
  message: string;
  details: { turnkeyErrorCode?: string; fieldViolations?: { field: string; description: string }[] }[];
}

let t: TestApp;
let org: Org;
let other: Org;
beforeAll(async () => {
  t = await startTestApp();
  org = await t.newOrganization("Contracts");
  other = await t.newOrganization("Elsewhere");
});
afterAll(async () => t?.close());

const submit = <T = ActivityBody>(who: Org, path: string, type: string, parameters: unknown) =>
  t.call<T>("submit", path, t.activity(type, who.organizationId, parameters), who.key);
const query = <T>(who: Org, path: string, body: Record<string, unknown> = {}) =>
  t.call<T>("query", path, { organizationId: who.organizationId, ...body }, who.key);

/** Every row of every table, including the interfaces table the shared digest does not cover. */
async function everything() {
  const result = await t.app.db.execute(
    sql.raw(`select count(*)::text as n, coalesce(md5(string_agg(t::text, '|' order by t::text)), '') as h
             from smart_contract_interfaces t`),
  );
  const row = (result as unknown as { rows: { n: string; h: string }[] }).rows[0]!;
  return { ...(await databaseDigest(t.app)), smart_contract_interfaces: `${row.n}:${row.h}` };
}

async function expectRefused(
  request: () => Promise<{ status: number; body: unknown }>,
  status: number,
  message: string,
) {
  const before = await everything();
  const res = await request();
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(status);
  expect((res.body as ErrorBody).message).toBe(message);
  expect(await everything()).toEqual(before);
  return res.body as ErrorBody;
}

async function create(who: Org, parameters: Record<string, unknown>) {
  const res = await submit(who, "create_smart_contract_interface", CREATE, parameters);
  expect(res.status, JSON.stringify(res.body).slice(0, 500)).toBe(200);
  expect(res.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  return res.body.activity;
}

describe("create_smart_contract_interface", () => {
  it("registers an Ethereum ABI, returned exactly as sent, with the selectors stored for the policy engine", async () => {
    const parameters = {
      smartContractAddress: VAULT,
      smartContractInterface: VAULT_ABI,
      type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
      label: "USDC vault",
      notes: "ERC-4626 deposits only",
    };
    const activity = await create(org, parameters);
    expect(activity.type).toBe(CREATE);
    expect(activity.intent).toEqual({ createSmartContractInterfaceIntent: parameters });
    const id = activity.result.createSmartContractInterfaceResult!.smartContractInterfaceId!;
    expect(activity.result).toEqual({ createSmartContractInterfaceResult: { smartContractInterfaceId: id } });

    const now = t.clock.now();
    const timestamp = {
      seconds: String(Math.floor(now.getTime() / 1000)),
      nanos: String((now.getTime() % 1000) * 1e6),
    };
    const got = await query(org, "get_smart_contract_interface", { smartContractInterfaceId: id });
    expect(got.status).toBe(200);
    expect(got.body).toEqual({
      smartContractInterface: {
        organizationId: org.organizationId,
        smartContractInterfaceId: id,
        smartContractAddress: VAULT,
        smartContractInterface: VAULT_ABI,
        type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
        label: "USDC vault",
        notes: "ERC-4626 deposits only",
        createdAt: timestamp,
        updatedAt: timestamp,
      },
    });

    const [row] = await t.app.db
      .select()
      .from(smartContractInterfaces)
      .where(eq(smartContractInterfaces.id, id));
    const parsed = row!.parsed as {
      chain: string;
      address: string;
      functionSelectors: Record<string, string>;
    };
    expect(parsed.chain).toBe("ethereum");
    expect(parsed.address).toBe(VAULT.toLowerCase());
    expect(parsed.functionSelectors).toMatchObject({
      "0x095ea7b3": "approve(address,uint256)",
      "0x6e553f65": "deposit(uint256,address)",
      "0xba087652": "redeem(uint256,address,address)",
      "0xb460af94": "withdraw(uint256,address,address)",
    });
  });

  it("registers a Solana Anchor IDL with its instruction discriminators; notes default to empty", async () => {
    const activity = await create(org, {
      smartContractAddress: CP_SWAP,
      smartContractInterface: CP_SWAP_IDL,
      type: "SMART_CONTRACT_INTERFACE_TYPE_SOLANA",
      label: "Raydium CP-Swap",
    });
    const id = activity.result.createSmartContractInterfaceResult!.smartContractInterfaceId!;
    const got = await query<{ smartContractInterface: Record<string, unknown> }>(
      org,
      "get_smart_contract_interface",
      {
        smartContractInterfaceId: id,
      },
    );
    expect(got.body.smartContractInterface).toMatchObject({
      smartContractAddress: CP_SWAP,
      smartContractInterface: CP_SWAP_IDL,
      type: "SMART_CONTRACT_INTERFACE_TYPE_SOLANA",
      label: "Raydium CP-Swap",
      notes: "",
    });
    const [row] = await t.app.db
      .select()
      .from(smartContractInterfaces)
      .where(eq(smartContractInterfaces.id, id));
    expect(row!.parsed).toMatchObject({
      chain: "solana",
      programId: CP_SWAP,
      format: "anchor-0.30",
      instructionsByDiscriminator: { "8fbe5adac41e33de": "swap_base_input", b712469c946da122: "withdraw" },
    });
  });

  it("lists only the caller's organization's interfaces, oldest first", async () => {
    const list = await query<{ smartContractInterfaces: { organizationId: string; label: string }[] }>(
      org,
      "list_smart_contract_interfaces",
    );
    expect(list.status).toBe(200);
    expect(list.body.smartContractInterfaces.map((i) => i.label)).toEqual(["USDC vault", "Raydium CP-Swap"]);
    expect(list.body.smartContractInterfaces.every((i) => i.organizationId === org.organizationId)).toBe(
      true,
    );
    const elsewhere = await query(other, "list_smart_contract_interfaces");
    expect(elsewhere.body).toEqual({ smartContractInterfaces: [] });
  });
});

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

describe("another organization's ids, unknown ids, deletion", () => {
  let id: string;
  beforeAll(async () => {
    const activity = await create(org, {
      smartContractAddress: VAULT,
      smartContractInterface: VAULT_ABI,
      type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
      label: "To delete",
    });
    id = activity.result.createSmartContractInterfaceResult!.smartContractInterfaceId!;
  });

  it("another organization cannot read it: 404", async () => {
    const res = await query<ErrorBody>(other, "get_smart_contract_interface", {
      smartContractInterfaceId: id,
    });
    expect(res.status).toBe(404);
    expect(res.body.message).toBe(`smart contract interface not found: ${id}`);
    expect(res.body.details[0]!.turnkeyErrorCode).toBe("SMART_CONTRACT_INTERFACE_NOT_FOUND");
  });

  it("another organization cannot delete it: 404, nothing written", async () => {
    await expectRefused(
      () => submit(other, "delete_smart_contract_interface", DELETE, { smartContractInterfaceId: id }),
      404,
      `smart contract interface not found: ${id}`,
    );
  });

  it("deleting an unknown id is a 404 and writes nothing", async () => {
    const unknown = "01890000-0000-7000-8000-000000000000";
    await expectRefused(
      () => submit(org, "delete_smart_contract_interface", DELETE, { smartContractInterfaceId: unknown }),
      404,
      `smart contract interface not found: ${unknown}`,
    );
  });

  it("deletes it: gone from get and list, the activity recorded", async () => {
    const res = await submit(org, "delete_smart_contract_interface", DELETE, {
      smartContractInterfaceId: id,
    });
    expect(res.status).toBe(200);
    expect(res.body.activity).toMatchObject({
      status: "ACTIVITY_STATUS_COMPLETED",
      type: DELETE,
      intent: { deleteSmartContractInterfaceIntent: { smartContractInterfaceId: id } },
      result: { deleteSmartContractInterfaceResult: { smartContractInterfaceId: id } },
    });
    const got = await query<ErrorBody>(org, "get_smart_contract_interface", { smartContractInterfaceId: id });
    expect(got.status).toBe(404);
    const list = await query<{ smartContractInterfaces: { smartContractInterfaceId: string }[] }>(
      org,
      "list_smart_contract_interfaces",
    );
    expect(list.body.smartContractInterfaces.map((i) => i.smartContractInterfaceId)).not.toContain(id);
    const again = await submit<ErrorBody>(org, "delete_smart_contract_interface", DELETE, {
      smartContractInterfaceId: id,
    });
    expect(again.status).toBe(404);
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
