import { nativeAsset, ZListSupportedAssetsRequest } from "@/lib/api/assets";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { defineQuery } from "./define";

export const listSupportedAssets = defineQuery({
  path: "list_supported_assets",
  summary: "The assets Latchkey reports balances of on a chain: its native coin (test tokens follow)",
  request: ZListSupportedAssetsRequest,
  response: QUERY_RESPONSES.list_supported_assets,
  run: async (_ctx, request) => ({ assets: [nativeAsset(request.caip2)] }),
});
