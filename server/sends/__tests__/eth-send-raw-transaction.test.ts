import { encodeFunctionData, erc20Abi, keccak256, parseEther, serializeTransaction } from "viem";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TActivity } from "@/lib/api/activity";
import { faucetCall } from "../../chains/__tests__/rpc-scene";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { databaseDigest } from "../../testing/db-snapshot";
import { CHAIN, type SendScene, startSendScene } from "./send-scene";

/** eth_send_raw_transaction: bytes signed with viem, broadcast and followed by Latchkey's send job. */

let s: SendScene;
const sender = privateKeyToAccount(generatePrivateKey());
const USDC = SEEDED_TOKENS[0]!;
beforeAll(async () => {
  s = await startSendScene();
  await faucetCall(s.t, CHAIN, [sender.address, "native", parseEther("5").toString()]);
  await faucetCall(s.t, CHAIN, [sender.address, `${CHAIN}/erc20:${USDC.address}`, "3000000"]);
});
afterAll(async () => s?.close());

const fees = { maxFeePerGas: parseEther("0.0000001"), maxPriorityFeePerGas: 1_000_000_000n };
const nonce = async () => s.viem.getTransactionCount({ address: sender.address, blockTag: "pending" });
const submitRaw = (signedTransaction: string, caip2: string = CHAIN) =>
  s.submit("eth_send_raw_transaction", "ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION", {
    signedTransaction,
    caip2,
  });
const resultOf = (body: unknown) =>
  (
    (body as { activity: TActivity }).activity.result as {
      ethSendRawTransactionResult: { transactionHash: string; sendTransactionStatusId: string };
    }
  ).ethSendRawTransactionResult;

describe("eth_send_raw_transaction", () => {
  it("broadcasts an EIP-1559 transfer signed by anyone; its status reaches COMPLETED and the ETH arrives", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const signed = await sender.signTransaction({
      type: "eip1559",
      chainId: 1,
      nonce: await nonce(),
      to,
      value: parseEther("1.25"),
      gas: 21_000n,
      ...fees,
    });
    const res = await submitRaw(signed);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { transactionHash, sendTransactionStatusId } = resultOf(res.body);
    expect(transactionHash).toBe(keccak256(signed));
    const done = await s.settle(sendTransactionStatusId);
    expect(done).toEqual({ txStatus: "COMPLETED", eth: { txHash: transactionHash } });
    expect(await s.viem.getBalance({ address: to })).toBe(parseEther("1.25"));
    const receipt = await s.viem.getTransactionReceipt({ hash: transactionHash as `0x${string}` });
    expect(receipt.from.toLowerCase()).toBe(sender.address.toLowerCase());
  });

  it("broadcasts a legacy (EIP-155) token transfer, and the same bytes sent twice land once", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const signed = await sender.signTransaction({
      type: "legacy",
      chainId: 1,
      nonce: await nonce(),
      to: USDC.address,
      data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, 1_000_000n] }),
      gas: 100_000n,
      gasPrice: fees.maxFeePerGas,
    });
    const first = resultOf((await submitRaw(signed)).body);
    expect((await s.settle(first.sendTransactionStatusId)).txStatus).toBe("COMPLETED");
    const again = resultOf((await submitRaw(signed)).body);
    expect(again.sendTransactionStatusId).not.toBe(first.sendTransactionStatusId);
    expect(await s.settle(again.sendTransactionStatusId)).toEqual({
      txStatus: "COMPLETED",
      eth: { txHash: first.transactionHash },
    });
    expect(
      await s.viem.readContract({
        address: USDC.address,
        abi: erc20Abi,
        functionName: "balanceOf",
        args: [to],
      }),
    ).toBe(1_000_000n);
  });

  it("reports a mined revert's reason, decoded from the token's errors", async () => {
    const signed = await sender.signTransaction({
      type: "eip1559",
      chainId: 1,
      nonce: await nonce(),
      to: USDC.address,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: "transfer",
        args: [sender.address, 10n ** 18n],
      }),
      gas: 100_000n,
      ...fees,
    });
    const done = await s.settle(resultOf((await submitRaw(signed)).body).sendTransactionStatusId);
    expect(done.txStatus).toBe("FAILED");
    expect(done.error?.eth?.revertChain[0]?.custom?.errorName).toBe("ERC20InsufficientBalance");
    expect(done.txError).toMatch(/^execution reverted: ERC20InsufficientBalance\(sender: 0x/);
  });

  it("refuses bytes that are not a signed transaction for this chain with a 400 naming signedTransaction, writing nothing", async () => {
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const body = { to, value: 1n, gas: 21_000n, nonce: 0, ...fees } as const;
    const cases: [string, string, RegExp][] = [
      ["0x1234", CHAIN, /not a serialized Ethereum transaction/],
      ["1234", CHAIN, /0x-prefixed hex/],
      [serializeTransaction({ type: "eip1559", chainId: 1, ...body }), CHAIN, /not signed/],
      [
        await sender.signTransaction({ type: "eip1559", chainId: 8453, ...body }),
        CHAIN,
        /chain id 8453.*eip155:1 is chain id 1/,
      ],
      [
        await sender.signTransaction({ type: "legacy", to, value: 1n, gas: 21_000n, nonce: 0, gasPrice: 1n }),
        CHAIN,
        /no chain id/,
      ],
      [await sender.signTransaction({ type: "eip1559", chainId: 1, ...body }), "eip155:999", /caip2/],
    ];
    const before = await databaseDigest(s.t.app);
    for (const [signedTransaction, caip2, says] of cases) {
      const res = await submitRaw(signedTransaction, caip2);
      expect(res.status, signedTransaction).toBe(400);
      const message = (res.body as { message: string }).message;
      expect(message).toMatch(says);
      if (caip2 === CHAIN) expect(message).toMatch(/signedTransaction/);
    }
    expect(await databaseDigest(s.t.app)).toEqual(before);
  });
});
