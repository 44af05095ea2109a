import { BlockList, isIP } from "node:net";
import { allowedList, type WebhookConfig } from "./config";

/**
 * Addresses a webhook must not reach unless configured: this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast and reserved ranges. A
 * receiver on the public internet never needs them; an attacker who names one wants our network.
 */
const REFUSED = new BlockList();
for (const [address, bits] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  REFUSED.addSubnet(address, bits, "ipv4");
}
for (const [address, bits] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  REFUSED.addSubnet(address, bits, "ipv6");
}

/** An IPv4 address written as IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is. */
function unmapped(address: string): string {
  const match = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return match ? match[1]! : address;
}

export class AddressRefused extends Error {}

/** Throws AddressRefused when `address` (an IP literal) is in a refused range and not allowed. */
export function checkAddress(config: WebhookConfig, address: string): void {
  const ip = unmapped(address);
  const type = isIP(ip) === 6 ? "ipv6" : "ipv4";
  if (!REFUSED.check(ip, type)) return;
  if (allowedList(config).check(ip, type)) return;
  throw new AddressRefused(
    `${ip} is a private, loopback or link-local address; webhooks may not call it ` +
      "(allow it with LATCHKEY_WEBHOOK_ALLOWED_NETWORKS)",
  );
}

/** The host of a URL as net/dns take it: IPv6 literals without their brackets. */
export function bareHost(url: URL): string {
  return url.hostname.replace(/^\[(.*)\]$/, "$1");
}

export class UrlRefused extends Error {}

/** The scheme and shape rules an endpoint URL must meet, without any network access. */
export function checkUrlShape(config: WebhookConfig, raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UrlRefused(`${JSON.stringify(raw)} is not an absolute URL`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && config.allowHttp)) {
    throw new UrlRefused(
      config.allowHttp
        ? `webhook URLs must use http or https, not ${url.protocol.replace(":", "")}`
        : "webhook URLs must use https (plain http is allowed only in development: LATCHKEY_WEBHOOK_ALLOW_HTTP)",
    );
  }
  if (url.username || url.password) throw new UrlRefused("webhook URLs must not carry credentials");
  const host = bareHost(url);
  if (isIP(host)) {
    try {
      checkAddress(config, host);
    } catch (error) {
      throw new UrlRefused((error as Error).message);
    }
  }
  return url;
}
