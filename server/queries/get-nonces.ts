import { ZGetNoncesRequest } from "@/lib/api/broadcast";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { evmAdapter } from "../chains/evm/adapter";
import { readChain } from "../chains/read";
import { invalid } from "../errors";
import { defineQuery } from "./define";

export const getNonces = defineQuery({
  path: "get_nonces",
  summary: "An address's next nonce on an EVM chain, counting transactions waiting in the node's mempool",
  request: ZGetNoncesRequest,
  response: QUERY_RESPONSES.get_nonces,
  async run({ app }, request) {
    if (request.gasStationNonce) {
      throw invalid(
        "gas station nonces need the organization's gas station, which is not available yet",
        "gasStationNonce",
      );
    }
    if (request.nonce === false) return {};
    const nonce = await readChain(request.caip2, async () =>
      evmAdapter(await app.chains.rpc(request.caip2)).pendingNonce(request.address),
    );
    return { nonce: nonce.toString() };
  },
});
