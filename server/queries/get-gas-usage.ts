import { ZGetGasUsageRequest } from "@/lib/api/gas-sponsorship";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { describeSponsorship } from "../gas-station/describe";
import { defineQuery } from "./define";

export const getGasUsage = defineQuery({
  path: "get_gas_usage",
  summary:
    "What the organization's sponsored sends cost in USD over the rolling window, against its limit (its own, or its parent's per-sub-organization limit)",
  request: ZGetGasUsageRequest,
  response: QUERY_RESPONSES.get_gas_usage,
  async run({ app, organization, now }) {
    const { windowDurationMinutes, windowLimitUsd, usageUsd } = await describeSponsorship(
      app.db,
      now,
      organization.id,
    );
    return { windowDurationMinutes, windowLimitUsd, usageUsd };
  },
});
