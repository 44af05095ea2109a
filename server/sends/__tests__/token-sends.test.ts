import { encodeFunctionData, erc20Abi } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { CHAIN, type SendScene, startSendScene } from "./send-scene";

/** eth_send_transaction calling a seeded token's transfer, on the local devnet, read back with viem. */

let s: SendScene;
const USDC = SEEDED_TOKENS[0]!;
beforeAll(async () => {
  s = await startSendScene();
  await faucetCall(s.t, CHAIN, [s.from, `${CHAIN}/erc20:${USDC.address}`, "10000000"]); // 10 USDC
});
afterAll(async () => s?.close());

const transfer = (to: `0x${string}`, amount: bigint) =>
  encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, amount] });

async function sendTransfer(to: `0x${string}`, amount: bigint, extra: Record<string, unknown> = {}) {
  const res = await s.submit("eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
    from: s.from,
    caip2: CHAIN,
    calls: [{ to: USDC.address, data: transfer(to, amount) }],
    ...extra,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  const activity = (res.body as { activity: TActivity }).activity;
  const { sendTransactionStatusId } = (
    activity.result as { ethSendTransactionResultV2: { sendTransactionStatusId: string } }
  ).ethSendTransactionResultV2;
  return s.settle(sendTransactionStatusId);
}

const balanceOf = (holder: `0x${string}`) =>
  s.viem.readContract({ address: USDC.address, abi: erc20Abi, functionName: "balanceOf", args: [holder] });

describe("token transfers through eth_send_transaction", () => {
  it("moves USDC: the receipt is confirmed and both balances change", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const done = await sendTransfer(to, 4_000_000n);
    expect(done.txStatus).toBe("COMPLETED");
    const receipt = await s.viem.getTransactionReceipt({ hash: done.eth!.txHash as `0x${string}` });
    expect(receipt.status).toBe("success");
    expect(receipt.from.toLowerCase()).toBe(s.from.toLowerCase());
    expect(receipt.to?.toLowerCase()).toBe(USDC.address.toLowerCase());
    expect(await balanceOf(to)).toBe(4_000_000n);
    expect(await balanceOf(s.from)).toBe(6_000_000n);
  });

  it("reports ERC20InsufficientBalance, decoded, when the estimate or the block finds the revert", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const held = await balanceOf(s.from);
    const expected = {
      address: USDC.address,
      errorType: "custom",
      displayMessage: `execution reverted: ERC20InsufficientBalance(sender: ${s.from}, balance: ${held}, needed: ${held + 1n})`,
      custom: {
        errorName: "ERC20InsufficientBalance",
        paramsJson: JSON.stringify({
          sender: s.from,
          balance: held.toString(),
          needed: (held + 1n).toString(),
        }),
      },
    };
    const estimated = await sendTransfer(to, held + 1n);
    expect(estimated.txStatus).toBe("FAILED");
    expect(estimated.txError).toBe(expected.displayMessage);
    expect(estimated.error?.eth?.revertChain).toEqual([expected]);

    // With the gas given, nothing estimates: it is mined, reverts, and the replay finds the reason.
    const mined = await sendTransfer(to, held + 1n, { gasLimit: "100000" });
    expect(mined.txStatus).toBe("FAILED");
    const receipt = await s.viem.getTransactionReceipt({ hash: mined.eth!.txHash as `0x${string}` });
    expect(receipt.status).toBe("reverted");
    expect(mined.error?.eth?.revertChain).toEqual([expected]);
    expect(await balanceOf(to)).toBe(0n);
    expect(await balanceOf(s.from)).toBe(held);
  });
});
