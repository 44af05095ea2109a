/**
 * What a CAIP-19 asset id (as list_supported_assets names it) points at: the chain's native coin
 * (`…/slip44:60`, `…/slip44:501`), an ERC-20 contract (`…/erc20:0x…`) or an SPL mint (`…/token:…`).
 */
export type AssetReference =
  | { kind: "native" }
  | { kind: "erc20"; address: `0x${string}` }
  | { kind: "spl"; mint: string }
  | { kind: "unknown" };

export function assetReference(caip19: string): AssetReference {
  const [, namespace, reference] = /^[^/]+\/([^:]+):(.+)$/.exec(caip19) ?? [];
  if (namespace === "slip44") return { kind: "native" };
  if (namespace === "erc20" && /^0x[0-9a-fA-F]{40}$/.test(reference ?? "")) {
    return { kind: "erc20", address: reference as `0x${string}` };
  }
  if (namespace === "token" && reference) return { kind: "spl", mint: reference };
  return { kind: "unknown" };
}
