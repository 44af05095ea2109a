import { isIPv4, isIPv6 } from "node:net";

export interface Cidr {
  family: 4 | 6;
  /** The network address as a number (host bits zero). */
  network: bigint;
  prefix: number;
  /** Canonical text: the address as written, "/", the prefix. */
  text: string;
}

/** Why a rule's text is not a CIDR block, phrased for whoever wrote it. */
export class CidrError extends Error {}

function v4Bits(address: string): bigint {
  return address.split(".").reduce((acc, part) => (acc << 8n) | BigInt(Number(part)), 0n);
}

function v6Bits(address: string): bigint {
  let text = address.toLowerCase();
  // A trailing dotted quad (::ffff:1.2.3.4) stands for the last two groups.
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted) {
    const v4 = v4Bits(dotted[1]!);
    text = `${text.slice(0, -dotted[1]!.length)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.includes("::") ? text.split("::") : [text, undefined];
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill("0"), ...right];
  return groups.reduce((acc, group) => (acc << 16n) | BigInt(Number.parseInt(group, 16)), 0n);
}

/** An address's family and bits, or undefined when it is neither IPv4 nor IPv6. */
export function addressBits(address: string): { family: 4 | 6; bits: bigint } | undefined {
  if (isIPv4(address)) return { family: 4, bits: v4Bits(address) };
  if (isIPv6(address)) return { family: 6, bits: v6Bits(address) };
  return undefined;
}

/**
 * Parse "192.168.1.0/24" or "2001:db8::/32". Strict on purpose: a bare address, a prefix out of
 * range or host bits below the prefix are refused with what to write instead, because an
 * allowlist that silently meant something else would lock people out or let others in.
 */
export function parseCidr(text: string): Cidr {
  const slash = text.indexOf("/");
  if (slash < 0) {
    const family = addressBits(text)?.family;
    if (family)
      throw new CidrError(
        `${text} is an address, not a CIDR block; write ${text}/${family === 4 ? 32 : 128} for it alone`,
      );
    throw new CidrError(`${text} is not a CIDR block (expected e.g. 192.168.1.0/24 or 2001:db8::/32)`);
  }
  const address = text.slice(0, slash);
  const prefixText = text.slice(slash + 1);
  const parsed = addressBits(address);
  if (!parsed) throw new CidrError(`${address} in ${text} is not an IPv4 or IPv6 address`);
  const width = parsed.family === 4 ? 32 : 128;
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > width) {
    throw new CidrError(`the prefix of ${text} must be a whole number from 0 to ${width}`);
  }
  const prefix = Number(prefixText);
  const hostMask = (1n << BigInt(width - prefix)) - 1n;
  if ((parsed.bits & hostMask) !== 0n) {
    const network = parsed.bits & ~hostMask;
    throw new CidrError(
      `${text} has bits set below its /${prefix} prefix; the block is ${formatAddress(parsed.family, network)}/${prefix}`,
    );
  }
  return { family: parsed.family, network: parsed.bits, prefix, text: `${address}/${prefix}` };
}

function formatAddress(family: 4 | 6, bits: bigint): string {
  if (family === 4) return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 0xffn)).join(".");
  const groups = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n) groups.push(((bits >> shift) & 0xffffn).toString(16));
  return groups.join(":");
}

/** Whether `address` lies in `block`. An IPv4 client never matches an IPv6 block, nor the reverse. */
export function cidrContains(block: Cidr, address: { family: 4 | 6; bits: bigint }): boolean {
  if (block.family !== address.family) return false;
  const width = block.family === 4 ? 32 : 128;
  const shift = BigInt(width - block.prefix);
  return address.bits >> shift === block.network >> shift;
}
