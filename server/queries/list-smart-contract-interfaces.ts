import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadSmartContractInterfaces, renderSmartContractInterface } from "../contracts/store";
import { defineQuery } from "./define";

export const listSmartContractInterfaces = defineQuery({
  path: "list_smart_contract_interfaces",
  summary: "Every smart contract interface of the organization, oldest first",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_smart_contract_interfaces,
  run: async ({ app, organization }) => ({
    smartContractInterfaces: (await loadSmartContractInterfaces(app.db, organization.id)).map(
      renderSmartContractInterface,
    ),
  }),
});
