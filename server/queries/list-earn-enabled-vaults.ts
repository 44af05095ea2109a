import { ZListEarnEnabledVaultsRequest } from "@/lib/api/earn-wrappers";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { readEnabledVault } from "../earn/enabled-vaults";
import { organizationWrappers } from "../earn/wrappers";
import { requireFeature } from "../organizations/features";
import { defineQuery } from "./define";

/**
 * list_earn_enabled_vaults: the organization's confirmed wrappers, newest first, each read from the
 * chain (gross and net APY, TVL, claimable client fee); filtered by provider and by asset.
 */
export const listEarnEnabledVaults = defineQuery({
  path: "list_earn_enabled_vaults",
  summary:
    "The organization's deployed Earn wrappers: gross and net APY, client fee, claimable client fee, deposit state",
  request: ZListEarnEnabledVaultsRequest,
  response: QUERY_RESPONSES.list_earn_enabled_vaults,
  async run({ app, organization }, request) {
    await requireFeature(app.db, organization.id, "FEATURE_NAME_EARN_CONFIG", "Earn");
    const wrappers = (await organizationWrappers(app.db, organization.id)).filter(
      (w) => w.deployStatus === "COMPLETED",
    );
    const vaults = await Promise.all(wrappers.map((w) => readEnabledVault(app, w)));
    return {
      enabledVaults: vaults.filter(
        (v) =>
          (!request.provider ||
            request.provider === "EARN_PROVIDER_UNSPECIFIED" ||
            v.provider === request.provider) &&
          (!request.caip19 || v.caip19 === request.caip19.toLowerCase()),
      ),
    };
  },
});
