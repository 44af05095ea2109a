import { describe, expect, it } from "vitest";
import { VersionedCache } from "../versioned-cache";

describe("VersionedCache", () => {
  it("serves a value only for the version it was stored under", () => {
    const cache = new VersionedCache<string>(10);
    cache.set("org", 7, "seven");
    expect(cache.get("org", 7)).toBe("seven");
    expect(cache.get("org", 8)).toBeUndefined();
    expect(cache.get("org", 6)).toBeUndefined();
    expect(cache.get("other", 7)).toBeUndefined();
    cache.set("org", 8, "eight");
    expect(cache.get("org", 7)).toBeUndefined();
    expect(cache.get("org", 8)).toBe("eight");
  });

  it("keeps at most its limit of organizations, dropping the least recently used", () => {
    const cache = new VersionedCache<number>(2);
    cache.set("a", 1, 1);
    cache.set("b", 1, 2);
    expect(cache.get("a", 1)).toBe(1); // "b" is now the least recently used
    cache.set("c", 1, 3);
    expect(cache.size).toBe(2);
    expect(cache.get("b", 1)).toBeUndefined();
    expect(cache.get("a", 1)).toBe(1);
    expect(cache.get("c", 1)).toBe(3);
  });
});
