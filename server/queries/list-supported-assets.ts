import { nativeAsset, ZListSupportedAssetsRequest } from "@/lib/api/assets";
import { chainInfo } from "@/lib/api/chains";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { seededTokenAssets } from "../chains/evm/seeded-tokens";
import { defineQuery } from "./define";

export const listSupportedAssets = defineQuery({
  path: "list_supported_assets",
  summary:
    "The assets Latchkey reports balances of on a chain: its native coin, and on a local EVM devnet its seeded test tokens",
  request: ZListSupportedAssetsRequest,
  response: QUERY_RESPONSES.list_supported_assets,
  // The seeded tokens exist only where Latchkey deployed them: on a chain served by a real node,
  // only what is true there (the native coin) is listed.
  run: async ({ app }, request) => {
    const tokens =
      chainInfo(request.caip2)?.family === "evm" && app.chains.isLocal(request.caip2)
        ? seededTokenAssets(request.caip2)
        : [];
    return { assets: [nativeAsset(request.caip2), ...tokens] };
  },
});
