import { ZListSupportedAssetsRequest } from "@/lib/api/assets";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { servedAssets } from "../chains/assets";
import { earnNetworkTokens } from "../earn/deployment";
import { defineQuery } from "./define";

export const listSupportedAssets = defineQuery({
  path: "list_supported_assets",
  summary:
    "The assets Latchkey reports balances of on a chain: its native coin, and on a local devnet its seeded test tokens (on a configured chain, the Earn assets LATCHKEY_EARN_NETWORKS names)",
  request: ZListSupportedAssetsRequest,
  response: QUERY_RESPONSES.list_supported_assets,
  run: async ({ app }, request) => ({
    assets: servedAssets(app.chains, request.caip2, earnNetworkTokens(app, request.caip2)),
  }),
});
