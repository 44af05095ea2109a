import { describe, expect, it } from "vitest";
import { clientAddress } from "../../api/client-address";
import { loadConfig } from "../../config";

describe("rate-limit configuration", () => {
  it("has defaults, takes overrides, 0 turns a limit off, and refuses nonsense by name", () => {
    expect(loadConfig({}).rateLimits).toEqual({
      windowSeconds: 10,
      activitiesPerKey: 1000,
      queriesPerKey: 3000,
      activitiesPerIp: 3000,
      queriesPerIp: 9000,
    });
    expect(loadConfig({}).trustProxyHops).toBe(0);
    const set = loadConfig({ LATCHKEY_RATE_LIMIT_ACTIVITIES_PER_KEY: "0", LATCHKEY_TRUST_PROXY: "2" });
    expect(set.rateLimits.activitiesPerKey).toBe(0);
    expect(set.trustProxyHops).toBe(2);
    expect(() => loadConfig({ LATCHKEY_RATE_LIMIT_QUERIES_PER_IP: "-1" })).toThrow(
      /LATCHKEY_RATE_LIMIT_QUERIES_PER_IP must be an integer between 0 and/,
    );
    expect(() => loadConfig({ LATCHKEY_RATE_LIMIT_WINDOW_SECONDS: "0" })).toThrow(
      /LATCHKEY_RATE_LIMIT_WINDOW_SECONDS must be an integer between 1 and 3600/,
    );
  });
});

describe("clientAddress", () => {
  const headers = (xff?: string) => new Headers(xff === undefined ? {} : { "x-forwarded-for": xff });

  it("trusts no X-Forwarded-For without LATCHKEY_TRUST_PROXY", () => {
    expect(clientAddress(headers("203.0.113.1"), 0)).toBeUndefined();
  });

  it("takes the entry our nearest trusted proxy wrote, counted from the right", () => {
    expect(clientAddress(headers("10.0.0.1, 203.0.113.1"), 1)).toBe("203.0.113.1");
    expect(clientAddress(headers("10.0.0.1, 203.0.113.1, 172.16.0.2"), 2)).toBe("203.0.113.1");
    expect(clientAddress(headers("203.0.113.1"), 3)).toBe("203.0.113.1");
    expect(clientAddress(headers("::ffff:203.0.113.1"), 1)).toBe("203.0.113.1");
    expect(clientAddress(headers("2001:db8::1"), 1)).toBe("2001:db8::1");
  });

  it("gives up on a missing or unreadable header rather than count garbage", () => {
    expect(clientAddress(headers(), 1)).toBeUndefined();
    expect(clientAddress(headers("not-an-address"), 1)).toBeUndefined();
  });
});
