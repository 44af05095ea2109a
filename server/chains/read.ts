import { ApiError } from "../errors";
import { isChainUnavailable } from "./chains";
import { isRpcError, isRpcUnavailable } from "./json-rpc";

/**
 * A read from a chain on behalf of a query: a node that cannot be reached (or a chain with no
 * devnet yet) is a 503 naming the chain, never a 500; a node that refuses the request is a 400
 * with its own words.
 */
export async function readChain<T>(caip2: string, read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    if (isRpcUnavailable(error) || isChainUnavailable(error)) {
      throw new ApiError("UNAVAILABLE", "CHAIN_UNAVAILABLE", `${caip2} cannot be reached: ${error.message}`);
    }
    if (isRpcError(error)) {
      throw new ApiError(
        "INVALID_ARGUMENT",
        "CHAIN_REFUSED",
        `${caip2} refused the request: ${error.message}`,
      );
    }
    throw error;
  }
}
