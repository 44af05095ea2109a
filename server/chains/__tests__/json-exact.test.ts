import { describe, expect, it } from "vitest";
import { parseJsonExact, stringifyJsonExact } from "../json-exact";

describe("exact JSON for JSON-RPC", () => {
  it("writes and reads integers beyond 2^53 to the digit", () => {
    const text = stringifyJsonExact({ lamports: 2n ** 64n - 1n, small: 5, list: [-(2n ** 60n)] });
    expect(text).toBe('{"lamports":18446744073709551615,"small":5,"list":[-1152921504606846976]}');
    expect(parseJsonExact(text)).toEqual({ lamports: 2n ** 64n - 1n, small: 5, list: [-(2n ** 60n)] });
  });

  it("leaves strings as strings, even one spelled like the old bigint marker", () => {
    for (const id of ["\u0000big:5", "big:5", "\u0000big:-12"]) {
      const text = stringifyJsonExact({ jsonrpc: "2.0", id, result: 1n });
      expect(JSON.parse(text)).toEqual({ jsonrpc: "2.0", id, result: 1 });
    }
  });
});
