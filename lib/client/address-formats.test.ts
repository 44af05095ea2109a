import { describe, expect, it } from "vitest";
import { ADDRESS_FORMATS } from "@/lib/api/key-formats";
import { curvesFor } from "@/server/signer/addresses";
import { ADDRESS_FORMAT_CURVES, addressFormatLabel, formatsForCurve } from "./address-formats";

describe("address formats in the browser", () => {
  it("offer for each format exactly the curves the server can encode, usual one first", () => {
    for (const format of ADDRESS_FORMATS) {
      expect(ADDRESS_FORMAT_CURVES[format], format).toEqual(curvesFor(format));
    }
  });

  it("list the formats of a curve", () => {
    const p256 = formatsForCurve("CURVE_P256");
    expect(p256).toEqual(["ADDRESS_FORMAT_UNCOMPRESSED", "ADDRESS_FORMAT_COMPRESSED", "ADDRESS_FORMAT_SUI"]);
    expect(formatsForCurve("CURVE_ED25519")).toContain("ADDRESS_FORMAT_SOLANA");
    expect(formatsForCurve("CURVE_ED25519")).not.toContain("ADDRESS_FORMAT_ETHEREUM");
    expect(formatsForCurve("CURVE_SECP256K1")).toContain("ADDRESS_FORMAT_BITCOIN_TESTNET_P2TR");
  });

  it("name formats for people", () => {
    expect(addressFormatLabel("ADDRESS_FORMAT_BITCOIN_MAINNET_P2WPKH")).toBe("Bitcoin mainnet P2WPKH");
    expect(addressFormatLabel("ADDRESS_FORMAT_TON_V5R1")).toBe("TON v5r1");
    expect(addressFormatLabel("ADDRESS_FORMAT_XLM")).toBe("Stellar");
    expect(addressFormatLabel("ADDRESS_FORMAT_DOGE_MAINNET")).toBe("Dogecoin mainnet");
  });
});
