import { ZGetSmartContractInterfaceRequest } from "@/lib/api/contracts";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { findSmartContractInterface, renderSmartContractInterface } from "../contracts/store";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const getSmartContractInterface = defineQuery({
  path: "get_smart_contract_interface",
  summary: "One smart contract interface (ABI or IDL) of the organization, as it was submitted",
  request: ZGetSmartContractInterfaceRequest,
  response: QUERY_RESPONSES.get_smart_contract_interface,
  async run({ app, organization }, request) {
    const row = await findSmartContractInterface(app.db, organization.id, request.smartContractInterfaceId);
    if (!row) throw notFound("smart contract interface", request.smartContractInterfaceId);
    return { smartContractInterface: renderSmartContractInterface(row) };
  },
});
