import { describe, expect, it } from "vitest";
import { addressBits, CidrError, cidrContains, parseCidr } from "../cidr";

const inside = (cidr: string, address: string) => cidrContains(parseCidr(cidr), addressBits(address)!);

describe("CIDR blocks", () => {
  it("matches IPv4 and IPv6 clients against their own family's blocks", () => {
    expect(inside("192.168.1.0/24", "192.168.1.77")).toBe(true);
    expect(inside("192.168.1.0/24", "192.168.2.1")).toBe(false);
    expect(inside("0.0.0.0/0", "8.8.8.8")).toBe(true);
    expect(inside("203.0.113.5/32", "203.0.113.5")).toBe(true);
    expect(inside("203.0.113.5/32", "203.0.113.6")).toBe(false);
    expect(inside("2001:db8::/32", "2001:db8:ffff::1")).toBe(true);
    expect(inside("2001:db8::/32", "2001:db9::1")).toBe(false);
    expect(inside("::ffff:10.0.0.0/104", "::ffff:10.1.2.3")).toBe(true);
    expect(inside("::/0", "10.0.0.1")).toBe(false);
    expect(inside("0.0.0.0/0", "::1")).toBe(false);
  });

  it.each([
    ["10.0.0.1", "write 10.0.0.1/32"],
    ["2001:db8::1", "write 2001:db8::1/128"],
    ["10.0.0.0/33", "from 0 to 32"],
    ["2001:db8::/129", "from 0 to 128"],
    ["10.0.0.0/-1", "from 0 to 32"],
    ["10.0.0.0/", "from 0 to 32"],
    ["10.0.0.0/8x", "from 0 to 32"],
    ["10.0.0.256/8", "not an IPv4 or IPv6 address"],
    ["example.com/24", "not an IPv4 or IPv6 address"],
    ["10.1.2.3/8", "the block is 10.0.0.0/8"],
    ["2001:db8::1/32", "the block is 2001:db8:0:0:0:0:0:0/32"],
    ["", "not a CIDR block"],
  ])("refuses %j and says what to write", (text, says) => {
    expect(() => parseCidr(text)).toThrow(CidrError);
    expect(() => parseCidr(text)).toThrow(says);
  });
});
