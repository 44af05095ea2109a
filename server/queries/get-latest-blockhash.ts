import { ZGetLatestBlockhashRequest } from "@/lib/api/broadcast";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { readChain } from "../chains/read";
import { svmAdapter } from "../chains/svm/adapter";
import { defineQuery } from "./define";

/**
 * A Solana cluster's latest blockhash, read through the configured node (or the local devnet). The
 * reference has no such query: its clients ask a node themselves. The dashboard cannot — a real
 * node is configured on the server only, and /rpc serves local devnets only — yet an unsponsored
 * sol_send_transaction must carry a current blockhash in its message (spec.md rules 2–3).
 */
export const getLatestBlockhash = defineQuery({
  path: "get_latest_blockhash",
  latchkeyExtension: true,
  summary:
    "Latchkey extension: a Solana cluster's latest blockhash (confirmed commitment) and the last block height it is valid for, to build an unsponsored sol_send_transaction",
  request: ZGetLatestBlockhashRequest,
  response: QUERY_RESPONSES.get_latest_blockhash,
  async run({ app }, request) {
    const latest = await readChain(request.caip2, async () =>
      svmAdapter(await app.chains.rpc(request.caip2)).latestBlockhash(),
    );
    return { blockhash: latest.blockhash, lastValidBlockHeight: String(latest.lastValidBlockHeight) };
  },
});
