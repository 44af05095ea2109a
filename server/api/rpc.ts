import { canonicalCaip2 } from "@/lib/api/chains";
import { isChainUnavailable } from "../chains/chains";
import { faucet } from "../chains/faucet";
import { faucetLock } from "../chains/faucet-lock";
import { parseJsonExact, stringifyJsonExact } from "../chains/json-exact";
import { isRpcError, isRpcUnavailable } from "../chains/json-rpc";
import type { AppContext } from "../context";

const jsonRpc = (status: number, body: unknown) =>
  new Response(stringifyJsonExact(body), { status, headers: { "content-type": "application/json" } });

const failure = (id: unknown, code: number, message: string, data?: unknown) => ({
  jsonrpc: "2.0",
  id: id ?? null,
  error: { code, message, ...(data === undefined ? {} : { data }) },
});

type Call = { jsonrpc?: unknown; id?: unknown; method?: unknown; params?: unknown };

/** One call: `latchkey_faucet` is answered here; everything else is the devnet's own answer. */
async function answer(app: AppContext, caip2: string, call: Call): Promise<unknown> {
  if (!call || typeof call !== "object" || typeof call.method !== "string") {
    return failure(call?.id, -32600, "invalid request: an object with a string method is expected");
  }
  try {
    const client = await app.chains.rpc(caip2);
    const result =
      call.method === "latchkey_faucet"
        ? await faucet(client, app.chains.info(caip2)!, call.params, faucetLock(app))
        : await client.call(call.method, (call.params ?? []) as unknown[]);
    return { jsonrpc: "2.0", id: call.id ?? null, result };
  } catch (error) {
    if (isRpcError(error)) return failure(call.id, error.code, error.message, error.data);
    if (isRpcUnavailable(error) || isChainUnavailable(error)) {
      return failure(call.id, -32603, error.message);
    }
    throw error;
  }
}

/**
 * `POST /rpc/<caip2>`: a local devnet as plain JSON-RPC (single calls and batches), so that viem,
 * ethers or @solana/kit use it unchanged, plus `latchkey_faucet`. A development tool: chains
 * configured with a real RPC URL are not served here (404).
 */
export async function handleRpcRequest(
  app: AppContext,
  request: Request,
  caip2Param: string,
): Promise<Response> {
  const caip2 = canonicalCaip2(decodeURIComponent(caip2Param));
  if (!caip2) return jsonRpc(404, failure(null, -32601, `unknown chain ${caip2Param}`));
  if (!app.chains.isLocal(caip2)) {
    return jsonRpc(
      404,
      failure(null, -32601, `${caip2} uses a configured RPC node; /rpc serves local devnets only`),
    );
  }
  let body: unknown;
  try {
    body = parseJsonExact(await request.text());
  } catch {
    return jsonRpc(400, failure(null, -32700, "parse error: the body is not JSON"));
  }
  try {
    if (Array.isArray(body)) {
      if (body.length === 0 || body.length > 100) {
        return jsonRpc(400, failure(null, -32600, "a batch holds 1 to 100 calls"));
      }
      return jsonRpc(200, await Promise.all(body.map((call) => answer(app, caip2, call as Call))));
    }
    return jsonRpc(200, await answer(app, caip2, body as Call));
  } catch (error) {
    app.logger.error({ caip2, err: error }, "rpc proxy failed");
    return jsonRpc(500, failure(null, -32603, "internal error"));
  }
}
