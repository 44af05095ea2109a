import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sha256Hex as isomorphic } from "@/lib/audit/hash";
import { sha256Hex } from "../sha256-hex";

/**
 * The server hashes audit payloads with OpenSSL; the dashboard and `latchkey audit verify` check
 * them with lib/audit/hash.ts. One byte of disagreement would make every verification fail.
 */
describe("the server's sha256Hex", () => {
  it("agrees with the isomorphic one on known vectors", () => {
    expect(sha256Hex("")).toBe("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    expect(sha256Hex("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("agrees on random text of every size, non-ASCII and lone surrogates included", () => {
    const pieces = ["a", "é", "€", "😀", "\u{10FFFF}", "\ud800", "\udfff", "\u0000", '"', "\\"];
    for (let i = 0; i < 400; i++) {
      const length = i < 200 ? i : 200 + i * 40;
      let text = "";
      for (const byte of randomBytes(length)) text += pieces[byte % pieces.length];
      expect(sha256Hex(text), `length ${length}`).toBe(isomorphic(text));
    }
  });
});
