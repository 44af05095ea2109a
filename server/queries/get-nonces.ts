import { ZGetNoncesRequest } from "@/lib/api/broadcast";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { evmAdapter } from "../chains/evm/adapter";
import { DELEGATE_NONCE_SLOT, nonceFromStorage } from "../chains/evm/gas-station-delegate";
import { readChain } from "../chains/read";
import { defineQuery } from "./define";

export const getNonces = defineQuery({
  path: "get_nonces",
  summary:
    "An address's next nonce on an EVM chain (counting transactions waiting in the node's mempool) and, " +
    "with gasStationNonce, the nonce its next sponsored batch must be signed with",
  request: ZGetNoncesRequest,
  response: QUERY_RESPONSES.get_nonces,
  async run({ app }, request) {
    const chain = async () => evmAdapter(await app.chains.rpc(request.caip2));
    const answer: { nonce?: string; gasStationNonce?: string } = {};
    if (request.nonce !== false) {
      const nonce = await readChain(request.caip2, async () => (await chain()).pendingNonce(request.address));
      answer.nonce = nonce.toString();
    }
    if (request.gasStationNonce) {
      // Read from the delegate's storage slot in the account, not through a call: the value the next
      // sponsored batch must carry, also while (or after) the account is not delegated.
      const word = await readChain(request.caip2, async () =>
        (await chain()).storageAt(request.address, DELEGATE_NONCE_SLOT),
      );
      answer.gasStationNonce = nonceFromStorage(word).toString();
    }
    return answer;
  },
});
