import { describe, expect, it } from "vitest";
import { ZCreateSmartContractInterfaceParams } from "@/lib/api/contracts";
import { ZCreatePoliciesParams } from "@/lib/api/policies";
import { ZCreateWalletParams } from "@/lib/api/wallets";
import { accountParams } from "@/lib/client/chain-presets";
import { ZNewContractForm } from "./contracts";
import { createParams, EMPTY_DRAFT, ZPolicyForm } from "./policy-draft";
import { ZNewWalletForm } from "./wallets";

/** The first problem of a refused form, as the field beside which it is shown and its message. */
function refusal(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  expect(result.success).toBe(false);
  const issue = result.error!.issues[0]!;
  return { field: issue.path.join("."), message: issue.message };
}

describe("dashboard forms check what the server checks", () => {
  const wallet = { walletName: "Treasury", mnemonicLength: "24", chains: ["ethereum", "solana"] };

  it("the wallet form refuses a blank name, and what it accepts create_wallet accepts", () => {
    expect(refusal(ZNewWalletForm.safeParse({ ...wallet, walletName: "   " }))).toEqual({
      field: "walletName",
      message: "must not be empty",
    });
    expect(refusal(ZNewWalletForm.safeParse({ ...wallet, walletName: "x".repeat(257) })).field).toBe(
      "walletName",
    );
    const form = ZNewWalletForm.parse(wallet);
    const params = { ...form, accounts: form.chains.map((preset) => accountParams(preset, 0)) };
    expect(ZCreateWalletParams.safeParse(params).success).toBe(true);
    expect(params.mnemonicLength).toBe(24);
  });

  it("the wallet form refuses a mnemonic length or chain it does not offer", () => {
    expect(refusal(ZNewWalletForm.safeParse({ ...wallet, mnemonicLength: "13" })).field).toBe(
      "mnemonicLength",
    );
    expect(refusal(ZNewWalletForm.safeParse({ ...wallet, chains: ["dogecoin-cash"] })).field).toBe(
      "chains.0",
    );
  });

  const contract = {
    type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
    label: "USDC",
    smartContractAddress: " 0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48 ",
    notes: "",
    smartContractInterface: "[]",
  } as const;

  it("the contract form refuses an interface over 400 kB, counted in bytes as the server counts", () => {
    // 200,001 characters, but two bytes each: over the limit, as the server would say after the upload.
    const accented = "é".repeat(200_001);
    expect(refusal(ZNewContractForm.safeParse({ ...contract, smartContractInterface: accented }))).toEqual({
      field: "smartContractInterface",
      message: "must be at most 400000 bytes of UTF-8 (this one is 400002)",
    });
    expect(
      ZNewContractForm.safeParse({ ...contract, smartContractInterface: "a".repeat(400_000) }).success,
    ).toBe(true);
  });

  it("the contract form refuses a blank address and sends a pasted one trimmed", () => {
    expect(refusal(ZNewContractForm.safeParse({ ...contract, smartContractAddress: "  " })).field).toBe(
      "smartContractAddress",
    );
    const parsed = ZNewContractForm.parse(contract);
    expect(parsed.smartContractAddress).toBe("0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48");
    expect(ZCreateSmartContractInterfaceParams.safeParse(parsed).success).toBe(true);
  });

  it("the policy form refuses a blank name and an over-long expression, as create_policy does", () => {
    expect(refusal(ZPolicyForm.safeParse({ ...EMPTY_DRAFT, policyName: " " }))).toEqual({
      field: "policyName",
      message: "must not be empty",
    });
    const long = { ...EMPTY_DRAFT, policyName: "p", consensus: "x".repeat(8_193) };
    expect(refusal(ZPolicyForm.safeParse(long)).field).toBe("consensus");
    expect(ZCreatePoliciesParams.safeParse({ policies: [long] }).success).toBe(false);
    const fine = ZPolicyForm.parse({ ...EMPTY_DRAFT, policyName: "p" });
    expect(ZCreatePoliciesParams.safeParse({ policies: [createParams(fine)] }).success).toBe(true);
  });
});
