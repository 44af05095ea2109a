import { createSolanaRpcFromTransport } from "@solana/kit";
import { custom } from "viem";
import { handleRpcRequest } from "../../api/rpc";
import type { TestApp } from "../../testing/harness";
import { parseJsonExact, stringifyJsonExact } from "../json-exact";

/** A JSON-RPC answer, or a batch of them, as read back from the route. */
export interface RpcAnswer {
  result?: unknown;
  error?: { code: number; message: string; data?: unknown };
  map<T>(fn: (answer: { result: string }) => T): T[];
}

/** POST /rpc/<caip2> exactly as the route does, for any JSON-RPC body. */
export async function rpcRoute(
  t: TestApp,
  caip2: string,
  body: unknown,
): Promise<{ status: number; body: RpcAnswer }> {
  const request = new Request(`http://localhost/rpc/${caip2}`, {
    method: "POST",
    body: stringifyJsonExact(body),
  });
  const response = await handleRpcRequest(t.app, request, caip2);
  // Read as a wallet's client does: Solana's u64s above 2^53 stay exact.
  return { status: response.status, body: parseJsonExact(await response.text()) as RpcAnswer };
}

/** viem talking to /rpc/<caip2>, unchanged: a standard client is the proof the route is real JSON-RPC. */
export const routeTransport = (t: TestApp, caip2: string) =>
  custom({
    async request({ method, params }) {
      const { body } = await rpcRoute(t, caip2, { jsonrpc: "2.0", id: 1, method, params });
      if (body.error) {
        throw Object.assign(new Error(body.error.message), { code: body.error.code, data: body.error.data });
      }
      return body.result as never;
    },
  });

/** latchkey_faucet through the route: the new balance, or the JSON-RPC error. */
export async function faucetCall(t: TestApp, caip2: string, params: unknown[]) {
  return (await rpcRoute(t, caip2, { jsonrpc: "2.0", id: 1, method: "latchkey_faucet", params })).body;
}

/** @solana/kit talking to /rpc/<caip2>, unchanged otherwise: a wallet's view of the local Solana devnet. */
export const routeSolanaRpc = (t: TestApp, caip2: string) =>
  createSolanaRpcFromTransport(async ({ payload }) => (await rpcRoute(t, caip2, payload)).body as never);
