import { ZOrganizationRequest } from "@/lib/api/common";
import { ZListSmartContractInterfacesResponse } from "@/lib/api/contracts";
import { loadSmartContractInterfaces, renderSmartContractInterface } from "../contracts/store";
import { defineQuery } from "./define";

export const listSmartContractInterfaces = defineQuery({
  path: "list_smart_contract_interfaces",
  summary: "Every smart contract interface of the organization, oldest first",
  request: ZOrganizationRequest,
  response: ZListSmartContractInterfacesResponse,
  run: async ({ app, organization }) => ({
    smartContractInterfaces: (await loadSmartContractInterfaces(app.db, organization.id)).map(
      renderSmartContractInterface,
    ),
  }),
});
