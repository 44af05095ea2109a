import { describe, expect, it } from "vitest";
import { ZSwapConfigForm } from "./swap-fee-form";

const RECEIVER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const errors = (input: Record<string, string>) => {
  const parsed = ZSwapConfigForm.safeParse({
    feeReceiverWalletAddress: "",
    feeBps: "",
    stableFeeBps: "",
    ...input,
  });
  return parsed.success
    ? {}
    : Object.fromEntries(parsed.error.issues.map((i) => [i.path.join("."), i.message]));
};

describe("the swap fee config form", () => {
  it("sends the receiver and fees, and leaves an empty stablecoin fee out", () => {
    expect(
      ZSwapConfigForm.parse({ feeReceiverWalletAddress: ` ${RECEIVER} `, feeBps: "25", stableFeeBps: "" }),
    ).toEqual({
      feeReceiverWalletAddress: RECEIVER,
      feeBps: "25",
    });
    expect(ZSwapConfigForm.parse({ feeReceiverWalletAddress: "", feeBps: "0", stableFeeBps: "5" })).toEqual({
      feeReceiverWalletAddress: "",
      feeBps: "0",
      stableFeeBps: "5",
    });
  });

  it("refuses what the server refuses, naming the field", () => {
    expect(errors({ feeBps: "1001" })).toEqual({ feeBps: "must be at most 1000 basis points" });
    expect(errors({ feeBps: "2.5" })).toEqual({ feeBps: "must be basis points as a decimal string" });
    expect(errors({ feeBps: "10", stableFeeBps: "5000" })).toEqual({
      stableFeeBps: "must be at most 1000 basis points",
    });
    expect(errors({ feeBps: "10", feeReceiverWalletAddress: "alice" })).toEqual({
      feeReceiverWalletAddress: "must be a 0x-prefixed Ethereum address, or empty to turn fees off",
    });
  });
});
