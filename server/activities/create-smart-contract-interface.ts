import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZCreateSmartContractInterfaceParams, ZSmartContractInterfaceResult } from "@/lib/api/contracts";
import { ContractInterfaceError, parseContractInterface } from "../contracts/index";
import { smartContractInterfaces } from "../db/schema";
import { invalid } from "../errors";
import { newId } from "../ids";
import { defineActivity } from "./define";
import { shorten } from "./summary-text";

export const createSmartContractInterface = defineActivity({
  path: "create_smart_contract_interface",
  type: ACTIVITY_TYPES.create_smart_contract_interface,
  resource: "SMART_CONTRACT_INTERFACE",
  action: "CREATE",
  intentKey: "createSmartContractInterfaceIntent",
  resultKey: "createSmartContractInterfaceResult",
  summary: "Register an Ethereum ABI or a Solana Anchor IDL for a contract address or program id",
  describe: (p) =>
    `Register ${p.type === "SMART_CONTRACT_INTERFACE_TYPE_SOLANA" ? "Solana IDL" : "Ethereum ABI"} ${p.label} for ${shorten(p.smartContractAddress)}`,
  params: ZCreateSmartContractInterfaceParams,
  result: ZSmartContractInterfaceResult,
  async execute({ tx, organization, now }, params) {
    let parsed: ReturnType<typeof parseContractInterface>;
    try {
      parsed = parseContractInterface(
        {
          type: params.type,
          address: params.smartContractAddress,
          definition: params.smartContractInterface,
        },
        { address: "parameters.smartContractAddress", definition: "parameters.smartContractInterface" },
      );
    } catch (error) {
      if (error instanceof ContractInterfaceError) throw invalid(error.message, error.field);
      throw error;
    }
    const id = newId(now.getTime());
    await tx.insert(smartContractInterfaces).values({
      id,
      organizationId: organization.id,
      address: params.smartContractAddress,
      definition: params.smartContractInterface,
      parsed,
      type: params.type,
      label: params.label,
      notes: params.notes ?? "",
      createdAt: now,
      updatedAt: now,
    });
    return { smartContractInterfaceId: id };
  },
});
