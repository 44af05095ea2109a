import { parseUnits } from "viem";
import { describe, expect, it } from "vitest";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { LOCAL_SWAP_POOLS } from "../../swaps/local-pools";
import { alice, ethAddress, ok, policy, submit, t, withPolicyScene } from "./policy-scene";

/**
 * execute_swap names only a quote: policies judge the stored quote's calls (approve + swap) as
 * eth.tx.*, each alone, exactly as the send will run them.
 */
withPolicyScene();

const CAIP2 = "eip155:1";
const USDC = SEEDED_TOKENS[0]!;
const usdc = `${CAIP2}/erc20:${USDC.address}`;

describe("policies over swap executions", () => {
  it("judge the quote's approve and swap calls as eth.tx", async () => {
    await faucetCall(t, CAIP2, [ethAddress, usdc, parseUnits("50", 6).toString()]);
    await policy(
      "alice may ask for quotes",
      "EFFECT_ALLOW",
      "activity.type == 'ACTIVITY_TYPE_CREATE_SWAP_QUOTE'",
    );
    const quoteFor = async () => {
      const { quotes } = await ok<{
        quotes: { quoteId: string; outputAmount: string; minOutputAmount: string }[];
      }>(
        alice,
        "create_swap_quote",
        "ACTIVITY_TYPE_CREATE_SWAP_QUOTE",
        {
          signWith: ethAddress,
          inputToken: usdc,
          outputToken: `${CAIP2}/slip44:60`,
          inputAmount: "10000000",
        },
        "createSwapQuoteResult",
      );
      return quotes[0]!;
    };
    const execute = (quote: { quoteId: string; outputAmount: string; minOutputAmount: string }) =>
      submit(alice, "execute_swap", "ACTIVITY_TYPE_EXECUTE_SWAP_V2", {
        quoteId: quote.quoteId,
        inputToken: usdc,
        inputAmount: "10000000",
        outputToken: `${CAIP2}/slip44:60`,
        quotedOutputAmount: quote.outputAmount,
        minOutputAmount: quote.minOutputAmount,
        sponsor: false,
      });

    // Only the approve is allowed: the swap call to the pools is not, so the batch is refused.
    const pools = LOCAL_SWAP_POOLS.address.toLowerCase();
    const token = USDC.address.toLowerCase();
    await policy(
      "alice may approve USDC to the pools",
      "EFFECT_ALLOW",
      `eth.tx.to == '${token}' && eth.tx.data[0..10] == '0x095ea7b3' && eth.tx.data[34..74] == '${pools.slice(2)}'`,
    );
    const first = await quoteFor();
    const refused = await execute(first);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.message).toMatch(/no policy allows it/);

    // Allowing calls to the pools too lets the same quote execute.
    await policy("alice may swap on the pools", "EFFECT_ALLOW", `eth.tx.to == '${pools}'`);
    const allowed = await execute(first);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
  });
});
