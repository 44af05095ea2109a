import { ZListEarnPositionsRequest } from "@/lib/api/earn-wrappers";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { walletPositions } from "../earn/positions";
import { organizationWrappers } from "../earn/wrappers";
import { requireFeature } from "../organizations/features";
import { defineQuery } from "./define";

/** list_earn_positions: a wallet's positions in the organization's wrappers (value now, lifetime totals). */
export const listEarnPositions = defineQuery({
  path: "list_earn_positions",
  summary:
    "A wallet's Earn positions: current value (net of fees) and lifetime deposited and withdrawn, in the asset and in USD",
  request: ZListEarnPositionsRequest,
  response: QUERY_RESPONSES.list_earn_positions,
  async run({ app, organization }, request) {
    await requireFeature(app.db, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrappers = await organizationWrappers(app.db, organization.id);
    return { positions: await walletPositions(app, organization.id, request.walletAddress, wrappers) };
  },
});
