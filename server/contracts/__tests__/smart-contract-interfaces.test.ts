import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { smartContractInterfaces } from "../../db/schema";
import {
  CP_SWAP,
  CP_SWAP_IDL,
  CREATE,
  create,
  DELETE,
  type ErrorBody,
  expectRefused,
  org,
  other,
  query,
  submit,
  t,
  VAULT,
  VAULT_ABI,
  withInterfaceScene,
} from "./interface-scene";

/**
 * Smart contract interfaces through the real pipeline: create (ABI or IDL), read back, and delete,
 * each organization seeing only its own. The refusals are in smart-contract-interface-refusals.
 */

withInterfaceScene();

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
