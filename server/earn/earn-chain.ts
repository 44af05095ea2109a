import type { JsonRpcClient } from "../chains/json-rpc";
import { readChain } from "../chains/read";
import type { AppContext } from "../context";
import { invalid } from "../errors";
import { type EarnDeployment, earnDeployment } from "./deployment";
import { EARN_CHAINS, isEarnChain } from "./local-world";

/**
 * The chain of an Earn operation: one of the Earn chains with a deployment — its local devnet's
 * world, or on a configured node the factory and vaults of LATCHKEY_EARN_NETWORKS. An unreachable
 * chain is a 503 naming it (readChain).
 */
export async function earnChain<T>(
  app: AppContext,
  caip2: string,
  field: string,
  use: (client: JsonRpcClient, deployment: EarnDeployment) => Promise<T>,
): Promise<T> {
  if (!isEarnChain(caip2))
    throw invalid(`${caip2} is not served for Earn: Earn runs on ${EARN_CHAINS.join(", ")}`, field);
  const deployment = earnDeployment(app, caip2);
  if (!deployment) {
    throw invalid(
      `${caip2} is served by a configured node for which LATCHKEY_EARN_NETWORKS names no Earn factory and vaults`,
      field,
    );
  }
  return readChain(caip2, async () => use(await app.chains.rpc(caip2), deployment));
}
