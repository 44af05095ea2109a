import { and, eq } from "drizzle-orm";
import { ACTIVITY_TYPES } from "@/lib/api/activity-types";
import { ZDeleteSmartContractInterfaceParams, ZSmartContractInterfaceResult } from "@/lib/api/contracts";
import { findSmartContractInterface } from "../contracts/store";
import { smartContractInterfaces } from "../db/schema";
import { notFound } from "../errors";
import { defineActivity } from "./define";

export const deleteSmartContractInterface = defineActivity({
  path: "delete_smart_contract_interface",
  type: ACTIVITY_TYPES.delete_smart_contract_interface,
  resource: "SMART_CONTRACT_INTERFACE",
  action: "DELETE",
  intentKey: "deleteSmartContractInterfaceIntent",
  resultKey: "deleteSmartContractInterfaceResult",
  summary: "Remove a smart contract interface; the activity that created it still records its content",
  describe: (p, n) => `Delete contract interface ${n.contract(p.smartContractInterfaceId)}`,
  params: ZDeleteSmartContractInterfaceParams,
  result: ZSmartContractInterfaceResult,
  async execute({ tx, organization }, params) {
    const id = params.smartContractInterfaceId;
    if (!(await findSmartContractInterface(tx, organization.id, id))) {
      throw notFound("smart contract interface", id);
    }
    await tx
      .delete(smartContractInterfaces)
      .where(
        and(eq(smartContractInterfaces.organizationId, organization.id), eq(smartContractInterfaces.id, id)),
      );
    return { smartContractInterfaceId: id };
  },
});
