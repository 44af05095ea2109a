import { decodeFunctionData, erc20Abi } from "viem";
import { describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT, devnetUsdcAsset, nativeAsset, type TAssetBalance } from "@/lib/api/assets";
import { SOLANA_DEVNET } from "@/lib/api/chains";
import { type SendFormContext, type SendPlan, sendFormSchema } from "./send-form";

const FROM = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const TO = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
const USDC_TOKEN = "0x5FbDB2315678afecb367f032d93F642f64180aa3";
const usdc = {
  caip19: `eip155:1/erc20:${USDC_TOKEN.toLowerCase()}`,
  symbol: "USDC",
  decimals: 6,
  name: "USD Coin",
  stable: true,
};
const balance = (
  asset: { caip19: string; symbol: string; decimals: number },
  units: bigint,
  display: string,
): TAssetBalance => ({
  ...asset,
  name: asset.symbol,
  balance: units.toString(),
  display: { crypto: display },
});

const evm: SendFormContext = {
  from: FROM,
  family: "evm",
  assets: { "eip155:1": [nativeAsset("eip155:1"), usdc], "eip155:8453": [nativeAsset("eip155:8453")] },
  balances: { "eip155:1": [balance(nativeAsset("eip155:1"), 10n ** 18n, "1")] },
};
const form = { to: TO, amount: "0.25", caip2: "eip155:1", asset: "eip155:1/slip44:60", sponsor: false };

/** Each refused field with its message, as the form shows them beside the fields. */
function problems(ctx: SendFormContext, input: Record<string, unknown>) {
  const result = sendFormSchema(ctx).safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
}
const evmParams = (plan: SendPlan) => (plan.family === "evm" ? plan.params : expect.fail("not an EVM plan"));

describe("the Send form on an EVM account", () => {
  it("turns a native amount into eth_send_transaction's parameters, in wei", () => {
    expect(evmParams(sendFormSchema(evm).parse({ ...form, to: ` ${TO.toLowerCase()} ` }))).toEqual({
      from: FROM,
      caip2: "eip155:1",
      sponsor: false,
      calls: [{ to: TO.toLowerCase(), value: "250000000000000000" }],
    });
    // The whole balance may be sent: gas is the chain's to refuse, in its own words.
    expect(evmParams(sendFormSchema(evm).parse({ ...form, amount: "1" })).calls[0]!.value).toBe(
      "1000000000000000000",
    );
  });

  it("makes a token send an ERC-20 transfer call on the token's contract, checked against the token's balance", () => {
    const ctx = { ...evm, balances: { "eip155:1": [balance(usdc, 5_000_000n, "5")] } };
    const call = evmParams(sendFormSchema(ctx).parse({ ...form, asset: usdc.caip19, amount: "1.5" }))
      .calls[0]!;
    expect(call.to.toLowerCase()).toBe(USDC_TOKEN.toLowerCase());
    expect(call.value).toBeUndefined();
    expect(decodeFunctionData({ abi: erc20Abi, data: call.data as `0x${string}` })).toEqual({
      functionName: "transfer",
      args: [TO, 1_500_000n],
    });
    expect(problems(ctx, { ...form, asset: usdc.caip19, amount: "5.000001" })).toEqual([
      { field: "amount", message: "is more than the balance on Ethereum (5 USDC)" },
    ]);
    expect(problems(ctx, { ...form, asset: usdc.caip19, amount: "0.0000001" })).toEqual([
      { field: "amount", message: "must have at most 6 decimals" },
    ]);
  });

  it("refuses a bad recipient, zero, more than the balance, and an asset the chain does not list — all at once", () => {
    expect(problems(evm, { ...form, to: "0x1234", amount: "2" })).toEqual([
      {
        field: "to",
        message:
          "must be an Ethereum address: 0x and 40 hex characters (mixed case only with a valid checksum)",
      },
      { field: "amount", message: "is more than the balance on Ethereum (1 ETH)" },
    ]);
    expect(problems(evm, { ...form, amount: "0" })).toEqual([
      { field: "amount", message: "must be more than 0" },
    ]);
    // Listed but not in the answer: a balance of 0.
    expect(problems(evm, { ...form, asset: usdc.caip19 })).toEqual([
      { field: "amount", message: "is more than the balance on Ethereum (0 USDC)" },
    ]);
    expect(problems(evm, { ...form, caip2: "eip155:8453", asset: usdc.caip19 }).map((p) => p.field)).toEqual([
      "asset",
    ]);
    // Where the page could not read a balance, the chain decides.
    expect(
      evmParams(
        sendFormSchema(evm).parse({
          ...form,
          caip2: "eip155:8453",
          asset: "eip155:8453/slip44:60",
          amount: "5",
        }),
      ).caip2,
    ).toBe("eip155:8453");
    expect(problems(evm, { ...form, caip2: SOLANA_DEVNET }).map((p) => p.field)).toEqual(["caip2"]);
  });

  it("sponsors only when the organization has a gas station for the family", () => {
    expect(evmParams(sendFormSchema(evm).parse({ ...form, sponsor: true })).sponsor).toBe(false);
    const withStation = { ...evm, gasStation: TO };
    expect(evmParams(sendFormSchema(withStation).parse({ ...form, sponsor: true })).sponsor).toBe(true);
  });
});

describe("the Send form on a Solana account", () => {
  const FROM_SOL = "9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM";
  const TO_SOL = "4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T";
  const usdcSol = devnetUsdcAsset(SOLANA_DEVNET);
  const svm: SendFormContext = {
    from: FROM_SOL,
    family: "svm",
    assets: { [SOLANA_DEVNET]: [nativeAsset(SOLANA_DEVNET), usdcSol] },
    balances: {
      [SOLANA_DEVNET]: [
        balance(nativeAsset(SOLANA_DEVNET), 10n ** 9n, "1"),
        balance(usdcSol, 2_000_000n, "2"),
      ],
    },
  };
  const sol = { to: TO_SOL, amount: "0.5", caip2: SOLANA_DEVNET, asset: nativeAsset(SOLANA_DEVNET).caip19 };

  it("plans a SOL or a USDC transfer in base units, paid by the gas station only when sponsored", () => {
    expect(sendFormSchema(svm).parse(sol)).toEqual({
      family: "svm",
      caip2: SOLANA_DEVNET,
      from: FROM_SOL,
      to: TO_SOL,
      asset: { kind: "native" },
      amount: 500_000_000n,
    });
    const station = "GasStat1on11111111111111111111111111111111";
    expect(
      sendFormSchema({ ...svm, gasStation: station }).parse({
        ...sol,
        asset: usdcSol.caip19,
        amount: "1.25",
        sponsor: true,
      }),
    ).toEqual({
      family: "svm",
      caip2: SOLANA_DEVNET,
      from: FROM_SOL,
      to: TO_SOL,
      asset: { kind: "spl", mint: DEVNET_USDC_MINT, decimals: 6 },
      amount: 1_250_000n,
      gasStation: station,
    });
  });

  it("refuses an Ethereum recipient, and more USDC than the balance", () => {
    expect(problems(svm, { ...sol, to: TO, asset: usdcSol.caip19, amount: "3" })).toEqual([
      { field: "to", message: "must be a Solana address: 32 bytes in base58" },
      { field: "amount", message: "is more than the balance on Solana Devnet (2 USDC)" },
    ]);
  });
});
