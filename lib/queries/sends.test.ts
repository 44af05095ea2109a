import { describe, expect, it } from "vitest";
import type { TAssetBalance } from "@/lib/api/assets";
import { ZEthSendTransactionParams } from "@/lib/api/broadcast";
import { sendFormSchema } from "./sends";

const FROM = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";
const TO = "0xAb5801a7D398351b8bE11C439e05C5B3259aeC9B";
const oneEth = (symbol = "ETH"): TAssetBalance => ({
  caip19: "eip155:1/slip44:60",
  symbol,
  name: "Ether",
  decimals: 18,
  balance: (10n ** 18n).toString(),
  display: { crypto: "1" },
});
const schema = sendFormSchema(FROM, { "eip155:1": oneEth() });
const form = { to: TO, amount: "0.25", caip2: "eip155:1", sponsor: false };

/** Each refused field with its message, as the form shows them beside the fields. */
function problems(input: Record<string, unknown>) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return result.error!.issues.map((i) => ({ field: i.path.join("."), message: i.message }));
}

describe("the Send form checks what eth_send_transaction checks, and the balance it shows", () => {
  it("turns what a person typed into the activity's parameters, in wei", () => {
    const params = schema.parse({ ...form, to: ` ${TO.toLowerCase()} `, sponsor: true });
    expect(params).toEqual({
      from: FROM,
      caip2: "eip155:1",
      sponsor: true,
      calls: [{ to: TO.toLowerCase(), value: "250000000000000000" }],
    });
    expect(ZEthSendTransactionParams.safeParse(params).success).toBe(true);
    // The whole balance may be sent: gas is the chain's to refuse, in its own words.
    expect(schema.parse({ ...form, amount: "1" }).calls[0]!.value).toBe("1000000000000000000");
  });

  it("refuses a recipient that is not an address, or whose checksum is wrong", () => {
    const message =
      "must be an Ethereum address: 0x and 40 hex characters (mixed case only with a valid checksum)";
    for (const to of ["", "bob.eth", "0x1234", `${TO}00`, TO.replace("Ab58", "aB58")]) {
      expect(problems({ ...form, to }), to).toEqual([{ field: "to", message }]);
    }
  });

  it("refuses zero, too many decimals, and more than the balance on the chosen chain", () => {
    expect(problems({ ...form, amount: "0" })).toEqual([{ field: "amount", message: "must be more than 0" }]);
    expect(problems({ ...form, amount: "0.0000000000000000001" })).toEqual([
      { field: "amount", message: "must have at most 18 decimals" },
    ]);
    expect(problems({ ...form, amount: "1.000000000000000001" })).toEqual([
      { field: "amount", message: "is more than the balance on Ethereum (1 ETH)" },
    ]);
    // Where the page could not read a balance, the chain decides.
    expect(schema.parse({ ...form, caip2: "eip155:8453", amount: "5" }).caip2).toBe("eip155:8453");
  });

  it("refuses a chain that is not an EVM chain this server serves", () => {
    expect(problems({ ...form, caip2: "solana:mainnet" }).map((p) => p.field)).toEqual(["caip2"]);
  });
});
