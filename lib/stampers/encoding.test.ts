import { createPublicKey, generateKeyPairSync } from "node:crypto";
import { describe, expect, it } from "vitest";
import { compressP256 } from "./encoding";

describe("browser stamp encodings", () => {
  it("compresses a P-256 point to the form node:crypto decodes to the same key", () => {
    const { publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
    const jwk = publicKey.export({ format: "jwk" });
    const point = Uint8Array.of(4, ...Buffer.from(jwk.x!, "base64url"), ...Buffer.from(jwk.y!, "base64url"));
    const compressed = compressP256(point);
    const decoded = createPublicKey({
      key: { kty: "EC", crv: "P-256", x: jwk.x!, y: jwk.y! },
      format: "jwk",
    }).export({ format: "der", type: "spki" });
    expect(compressed).toHaveLength(33);
    expect(
      Buffer.from(decoded)
        .subarray(-64)
        .equals(Buffer.from(point.subarray(1))),
    ).toBe(true);
    expect(compressed[0]).toBe((point[64]! & 1) === 1 ? 3 : 2);
  });
});
