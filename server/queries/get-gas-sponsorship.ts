import { ZGetGasUsageRequest } from "@/lib/api/gas-sponsorship";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { describeSponsorship } from "../gas-station/describe";
import { defineQuery } from "./define";

export const getGasSponsorship = defineQuery({
  path: "get_gas_sponsorship",
  latchkeyExtension: true,
  summary:
    "Latchkey extension: the gas sponsorship that governs the organization (its own or its parent's): gas station accounts, limits and usage",
  request: ZGetGasUsageRequest,
  response: QUERY_RESPONSES.get_gas_sponsorship,
  run: ({ app, organization, now }) => describeSponsorship(app.db, now, organization.id),
});
