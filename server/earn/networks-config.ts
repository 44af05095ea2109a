import { z } from "zod";

/**
 * Earn on chains served by a configured node (LATCHKEY_RPC_URLS): what the local world fixes by
 * itself there has to be said. LATCHKEY_EARN_NETWORKS is JSON, one entry per Earn chain: the
 * FeeWrapperFactory the operator deployed (contracts/, the same artifacts) and the vaults offered
 * over it, each with its asset (symbol and decimals are given, not read, so a node that misreports
 * them cannot change what USD figures mean). LATCHKEY_EARN_OPERATOR_KEY is the operator's private
 * key: it sends and pays every deployment, pause and claim there, and is the wrappers' controller.
 */
export interface EarnNetworkVault {
  provider: "EARN_PROVIDER_MORPHO" | "EARN_PROVIDER_AAVE";
  address: `0x${string}`;
  name: string;
  curator: string;
  /** The wrapper's share symbol is "lk" + this (as the local world's "lkdmUSDC"). */
  shareSymbol: string;
  token: { address: `0x${string}`; symbol: string; decimals: number };
  /**
   * Where its APY comes from: the vault's own `rateBps()` (the local protocols' vaults), or, for any
   * ERC-4626 vault, its share price's growth over the last `lookbackBlocks` blocks (the node must
   * still hold that block's state), annualized as a simple rate.
   */
  apy?: { source: "rateBps" } | { source: "sharePrice"; lookbackBlocks: number };
}
export interface EarnNetwork {
  factory: `0x${string}`;
  vaults: EarnNetworkVault[];
}
export interface EarnNetworksConfig {
  networks: Record<string, EarnNetwork>;
  /** 0x-prefixed 32-byte hex; required as soon as one network is configured. */
  operatorKey?: `0x${string}`;
}

export class EarnConfigError extends Error {}

const ZAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/, "must be a 0x-prefixed 20-byte hex address")
  .transform((a) => a as `0x${string}`);
const ZNetwork = z.object({
  factory: ZAddress,
  vaults: z
    .array(
      z.object({
        provider: z.enum(["EARN_PROVIDER_MORPHO", "EARN_PROVIDER_AAVE"]),
        address: ZAddress,
        name: z.string().min(1),
        curator: z.string().default(""),
        shareSymbol: z.string().regex(/^[A-Za-z0-9]{1,16}$/, "must be 1 to 16 letters or digits"),
        asset: z.object({
          address: ZAddress,
          symbol: z.string().min(1),
          decimals: z.number().int().min(0).max(36),
        }),
        apy: z
          .discriminatedUnion("source", [
            z.object({ source: z.literal("rateBps") }),
            z.object({
              source: z.literal("sharePrice"),
              lookbackBlocks: z.number().int().min(1).max(1_000_000),
            }),
          ])
          .optional(),
      }),
    )
    .min(1),
});

export function loadEarnNetworks(
  env: Record<string, string | undefined>,
  earnChains: readonly string[],
  rpcUrls: Record<string, string>,
): EarnNetworksConfig {
  const raw = env.LATCHKEY_EARN_NETWORKS;
  if (!raw) return { networks: {} };
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    throw new EarnConfigError(
      'LATCHKEY_EARN_NETWORKS must be JSON: {"eip155:1": {"factory": …, "vaults": […]}}',
    );
  }
  const parsed = z.record(z.string(), ZNetwork).safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new EarnConfigError(`LATCHKEY_EARN_NETWORKS at ${issue.path.join(".")}: ${issue.message}`);
  }
  const networks: Record<string, EarnNetwork> = {};
  for (const [caip2, network] of Object.entries(parsed.data)) {
    if (!earnChains.includes(caip2)) {
      throw new EarnConfigError(
        `LATCHKEY_EARN_NETWORKS names ${caip2}: Earn runs on ${earnChains.join(", ")}`,
      );
    }
    // A local devnet has its own world; an entry for it would be silently ignored, so it is refused.
    if (rpcUrls[caip2] === undefined) {
      throw new EarnConfigError(
        `LATCHKEY_EARN_NETWORKS names ${caip2}, which LATCHKEY_RPC_URLS does not configure`,
      );
    }
    networks[caip2] = {
      factory: network.factory,
      vaults: network.vaults.map(({ asset, ...v }) => ({ ...v, token: asset })),
    };
  }
  const key = env.LATCHKEY_EARN_OPERATOR_KEY;
  if (!key)
    throw new EarnConfigError(
      "LATCHKEY_EARN_NETWORKS needs LATCHKEY_EARN_OPERATOR_KEY (the operator's private key)",
    );
  if (!/^0x[0-9a-fA-F]{64}$/.test(key)) {
    throw new EarnConfigError("LATCHKEY_EARN_OPERATOR_KEY must be a 0x-prefixed 32-byte hex private key");
  }
  return { networks, operatorKey: key as `0x${string}` };
}
