import { canonicalCaip2 } from "@/lib/api/chains";

/**
 * `LATCHKEY_RPC_URLS`: the chains that use a real node instead of the embedded local devnet, as
 * comma-separated `caip2=url` pairs (`eip155:1=https://eth.example/rpc,solana:mainnet=https://…`).
 * A chain not listed runs as a local devnet. Refuses unknown chains and non-HTTP URLs, naming them.
 */
export function parseRpcUrls(raw: string | undefined): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const entry of (raw ?? "")
    .split(",")
    .map((e) => e.trim())
    .filter(Boolean)) {
    const at = entry.indexOf("=");
    if (at < 0) throw new Error(`LATCHKEY_RPC_URLS entry "${entry}" is not caip2=url`);
    const caip2 = canonicalCaip2(entry.slice(0, at).trim());
    if (!caip2) throw new Error(`LATCHKEY_RPC_URLS names an unknown chain "${entry.slice(0, at).trim()}"`);
    const url = entry.slice(at + 1).trim();
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new Error(`LATCHKEY_RPC_URLS: "${url}" for ${caip2} is not a URL`);
    }
    if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
      throw new Error(`LATCHKEY_RPC_URLS: the URL for ${caip2} must be http or https`);
    }
    urls[caip2] = url;
  }
  return urls;
}
