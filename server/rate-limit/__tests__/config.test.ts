import type http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { clientAddress } from "../../api/client-address";
import { stampClientAddress } from "../../cli/start";
import { CLIENT_ADDRESS_HEADER, trustClientAddressHeader } from "../../client-address-header";
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

// After the tests above: the mark lives on globalThis, for the rest of this file's process.
describe("clientAddress behind `latchkey start`'s own server", () => {
  afterAll(() => {
    delete (globalThis as Record<symbol, unknown>)[Symbol.for("latchkey.clientAddressHeader")];
  });
  const request = (remoteAddress: string | undefined, rawHeaders: string[]) => {
    const headers: Record<string, string> = {};
    for (let i = 0; i < rawHeaders.length; i += 2) headers[rawHeaders[i]!.toLowerCase()] = rawHeaders[i + 1]!;
    return { headers, rawHeaders, socket: { remoteAddress } } as unknown as http.IncomingMessage;
  };

  it("believes the header only once that server has said it sets it", () => {
    const forged = new Headers({ [CLIENT_ADDRESS_HEADER]: "203.0.113.1" });
    expect(clientAddress(forged, 0)).toBeUndefined();
    trustClientAddressHeader();
    expect(clientAddress(forged, 0)).toBe("203.0.113.1");
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "::ffff:203.0.113.1" }), 0)).toBe(
      "203.0.113.1",
    );
    expect(clientAddress(new Headers({ [CLIENT_ADDRESS_HEADER]: "nonsense" }), 0)).toBeUndefined();
    // No proxy trusted: X-Forwarded-For is the client's word.
    expect(clientAddress(new Headers({ "x-forwarded-for": "198.51.100.1" }), 0)).toBeUndefined();
    // Proxies trusted: the socket is the proxy's, X-Forwarded-For says who its peer was.
    const both = new Headers({ [CLIENT_ADDRESS_HEADER]: "10.0.0.1", "x-forwarded-for": "198.51.100.1" });
    expect(clientAddress(both, 1)).toBe("198.51.100.1");
  });

  it("replaces every copy the client sent, in any spelling, with the socket's address", () => {
    const req = request("::ffff:192.0.2.5", [
      "X-Latchkey-Client-Address",
      "203.0.113.1",
      "Host",
      "localhost",
      "x-latchkey-client-address",
      "203.0.113.2",
    ]);
    stampClientAddress(req);
    expect(req.headers[CLIENT_ADDRESS_HEADER]).toBe("192.0.2.5");
    expect(req.rawHeaders).toEqual(["Host", "localhost", CLIENT_ADDRESS_HEADER, "192.0.2.5"]);
    const gone = request(undefined, ["x-latchkey-client-address", "203.0.113.1"]);
    stampClientAddress(gone);
    expect(gone.headers[CLIENT_ADDRESS_HEADER]).toBeUndefined();
    expect(gone.rawHeaders).toEqual([]);
  });
});
