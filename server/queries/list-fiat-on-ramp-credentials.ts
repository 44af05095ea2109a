import { ZOrganizationRequest } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { listCredentials, renderCredential } from "../onramp/credentials";
import { defineQuery } from "./define";

export const listFiatOnRampCredentials = defineQuery({
  path: "list_fiat_on_ramp_credentials",
  summary: "The organization's fiat on-ramp provider credentials, without their secrets",
  request: ZOrganizationRequest,
  response: QUERY_RESPONSES.list_fiat_on_ramp_credentials,
  async run({ app, organization }) {
    const rows = await listCredentials(app.db, organization.id);
    return { fiatOnRampCredentials: rows.map(renderCredential) };
  },
});
