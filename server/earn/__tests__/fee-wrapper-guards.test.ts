import { type Address, encodeFunctionData, maxUint256, toFunctionSelector } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import reentrantToken from "../../chains/evm/artifacts/ReentrantToken.json";
import { FEE_SPLITTER, FEE_WRAPPER, FEE_WRAPPER_FACTORY, LOCAL_YIELD_VAULT } from "../contracts";
import {
  type ContractScene,
  DAY,
  deployProtocol,
  deployWrapper,
  fund,
  startContractScene,
  TOKEN_ABI,
} from "./fee-wrapper-scene";

/** What FeeWrapper refuses: paused deposits, fees on regained losses, fee caps, inflation and re-entry. */

let s: ContractScene;
beforeAll(async () => {
  s = await startContractScene();
});
afterAll(async () => s?.close());

const USDC = 10n ** 6n;
const W = FEE_WRAPPER.abi;

async function wrapperScene(rateBps: number) {
  const protocol = await deployProtocol(s, { rateBps });
  await s.write(s.admin, protocol.token, TOKEN_ABI, "mint", [protocol.vault, 10_000_000n * USDC]);
  const [alice, feeWallet, controller] = [await s.newAccount(), await s.newAccount(), await s.newAccount()];
  const { wrapper, splitter } = await deployWrapper(s, protocol.factory, protocol.vault, {
    clientFeeWallet: feeWallet.address,
    clientFeeBps: 1500,
    controller: controller.address,
  });
  return { ...protocol, alice, feeWallet, controller, wrapper, splitter };
}

describe("pausing", () => {
  it("blocks deposits and mints only; withdrawals go on; only the controller pauses and resumes", async () => {
    const { token, wrapper, alice, controller } = await wrapperScene(500);
    await fund(s, token, alice, 3_000n * USDC, wrapper);
    await s.write(alice, wrapper, W, "deposit", [1_000n * USDC, alice.address]);

    await expect(s.write(alice, wrapper, W, "setDepositsPaused", [true])).rejects.toThrow(/NotController/);
    await s.write(controller, wrapper, W, "setDepositsPaused", [true]);
    expect(await s.read(wrapper, W, "maxDeposit", [alice.address])).toBe(0n);
    expect(await s.read(wrapper, W, "maxMint", [alice.address])).toBe(0n);
    await expect(s.write(alice, wrapper, W, "deposit", [1n * USDC, alice.address])).rejects.toThrow(
      /DepositsArePaused/,
    );
    await expect(s.write(alice, wrapper, W, "mint", [10n ** 12n, alice.address])).rejects.toThrow(
      /DepositsArePaused/,
    );
    await s.write(alice, wrapper, W, "withdraw", [400n * USDC, alice.address, alice.address]);
    expect(await s.read(token, TOKEN_ABI, "balanceOf", [alice.address])).toBe(2_400n * USDC);

    await s.write(controller, wrapper, W, "setDepositsPaused", [false]);
    await s.write(alice, wrapper, W, "deposit", [500n * USDC, alice.address]);
    expect(await s.read(token, TOKEN_ABI, "balanceOf", [alice.address])).toBe(1_900n * USDC);
  });
});

describe("the high-water mark", () => {
  it("takes no fee on a loss being regained, then a fee on the yield above the mark only", async () => {
    const { token, vault, wrapper, splitter, alice } = await wrapperScene(1000);
    await fund(s, token, alice, 100_000n * USDC, wrapper);
    await s.write(alice, wrapper, W, "deposit", [100_000n * USDC, alice.address]);
    const mark = await s.read<bigint>(wrapper, W, "highWaterMark");

    // The protocol loses 5%: 10% a year takes about half a year to earn it back.
    await s.write(s.admin, vault, LOCAL_YIELD_VAULT.abi, "realizeLoss", [5_000n * USDC, s.admin.address]);
    for (let month = 1; month <= 5; month++) {
      await s.advance(30 * DAY);
      await s.write(alice, wrapper, W, "accrueFees", []);
      expect(await s.read<bigint>(wrapper, W, "totalAssets")).toBeLessThan(mark);
      expect(await s.read(wrapper, W, "balanceOf", [splitter]), `month ${month}`).toBe(0n);
      expect(await s.read(wrapper, W, "highWaterMark")).toBe(mark);
    }
    // A partial withdrawal during the loss scales the mark with the assets: still no fee to come early.
    await s.write(alice, wrapper, W, "withdraw", [10_000n * USDC, alice.address, alice.address]);
    expect(await s.read(wrapper, W, "balanceOf", [splitter])).toBe(0n);

    await s.advance(90 * DAY);
    const markBefore = await s.read<bigint>(wrapper, W, "highWaterMark");
    const { logs } = await s.write(alice, wrapper, W, "accrueFees", []);
    const total = await s.read<bigint>(wrapper, W, "totalAssets");
    expect(total).toBeGreaterThan(markBefore);
    const feeShares = await s.read<bigint>(wrapper, W, "balanceOf", [splitter]);
    expect(feeShares).toBeGreaterThan(0n);
    // The fee is on the part above the mark only: (total − mark) × 2000 bps (1500 client + 500 operator).
    const feeValue = await s.read<bigint>(wrapper, W, "convertToAssets", [feeShares]);
    const expected = ((total - markBefore) * 2000n) / 10_000n;
    expect(expected - feeValue).toBeGreaterThanOrEqual(0n);
    expect(expected - feeValue).toBeLessThanOrEqual(1n);
    expect(logs.length).toBeGreaterThan(0);
  });
});

describe("fee caps", () => {
  it("refuse a client fee above 4000 bps and an operator fee above 1000 bps", async () => {
    const { factory, vault } = await deployProtocol(s, { rateBps: 100 });
    const someone = (await s.newAccount()).address;
    await expect(
      deployWrapper(s, factory, vault, { clientFeeWallet: someone, clientFeeBps: 4001, controller: someone }),
    ).rejects.toThrow(/ClientFeeTooHigh/);
    await expect(
      s.write(s.admin, factory, FEE_WRAPPER_FACTORY.abi, "setOperatorFee", [someone, 1001]),
    ).rejects.toThrow(/OperatorFeeTooHigh/);
    const { wrapper } = await deployWrapper(s, factory, vault, {
      clientFeeWallet: someone,
      clientFeeBps: 4000,
      controller: someone,
    });
    expect(await s.read(wrapper, W, "totalFeeBps")).toBe(4500n);
  });
});

describe("first-deposit inflation", () => {
  it("a donation of vault shares or of tokens leaves the next depositor whole and costs the attacker", async () => {
    const { token, vault, wrapper, alice } = await wrapperScene(0);
    const attacker = await s.newAccount();
    const donation = 10_000n * USDC;
    await fund(s, token, attacker, 2n * donation + 1n, wrapper);
    await s.write(attacker, token, TOKEN_ABI, "approve", [vault, maxUint256]);
    await s.write(attacker, wrapper, W, "deposit", [1n, attacker.address]);
    // Donate underlying vault shares straight to the wrapper…
    await s.write(attacker, vault, LOCAL_YIELD_VAULT.abi, "deposit", [donation, attacker.address]);
    const vaultShares = await s.read<bigint>(vault, LOCAL_YIELD_VAULT.abi, "balanceOf", [attacker.address]);
    await s.write(attacker, vault, LOCAL_YIELD_VAULT.abi, "transfer", [wrapper, vaultShares]);
    // …and tokens straight to the vault (they join its reserve, not its share price).
    const priceBefore = await s.read<bigint>(vault, LOCAL_YIELD_VAULT.abi, "convertToAssets", [10n ** 12n]);
    await s.write(attacker, token, TOKEN_ABI, "transfer", [vault, donation]);
    expect(await s.read(vault, LOCAL_YIELD_VAULT.abi, "convertToAssets", [10n ** 12n])).toBe(priceBefore);

    const victimDeposit = 1_000n * USDC;
    await fund(s, token, alice, victimDeposit, wrapper);
    await s.write(alice, wrapper, W, "deposit", [victimDeposit, alice.address]);
    const victimWorth = await s.read<bigint>(wrapper, W, "maxWithdraw", [alice.address]);
    // Without virtual shares the victim would get 0 shares; here the rounding costs at most 0.001%.
    expect(victimDeposit - victimWorth).toBeLessThanOrEqual(victimDeposit / 100_000n);
    const attackerWorth = await s.read<bigint>(wrapper, W, "maxWithdraw", [attacker.address]);
    expect(attackerWorth).toBeLessThan(donation / 2n); // spent 20k + 1 wei, can take back less than 5k
  });
});

describe("re-entry through a hostile token", () => {
  const REENTRANT_CALL = toFunctionSelector("ReentrancyGuardReentrantCall()");
  const T = reentrantToken.abi as never;

  it("is refused in deposit, withdraw and claim, and the outer call completes unharmed", async () => {
    const token = await s.deploy(T, reentrantToken.bytecode as `0x${string}`, []);
    const { vault, factory } = await deployProtocol(s, { rateBps: 1000, token });
    await s.write(s.admin, token, T, "mint", [vault, 1_000_000n * USDC]);
    const [alice, feeWallet] = [await s.newAccount(), await s.newAccount()];
    const { wrapper, splitter } = await deployWrapper(s, factory, vault, {
      clientFeeWallet: feeWallet.address,
      clientFeeBps: 1000,
      controller: alice.address,
    });
    await s.write(alice, token, T, "mint", [alice.address, 10_000n * USDC]);
    await s.write(alice, token, T, "approve", [wrapper, maxUint256]);

    const attempts: [string, Address, `0x${string}`, () => Promise<unknown>][] = [
      [
        "deposit re-entering accrueFees",
        wrapper,
        encodeFunctionData({ abi: W, functionName: "accrueFees" }),
        () => s.write(alice, wrapper, W, "deposit", [5_000n * USDC, alice.address]),
      ],
      [
        "withdraw re-entering withdraw",
        wrapper,
        encodeFunctionData({ abi: W, functionName: "withdraw", args: [1n, alice.address, alice.address] }),
        async () => {
          await s.advance(60 * DAY);
          await s.write(alice, wrapper, W, "withdraw", [1_000n * USDC, alice.address, alice.address]);
        },
      ],
      [
        "claim re-entering claim",
        splitter,
        encodeFunctionData({ abi: FEE_SPLITTER.abi, functionName: "claim" }),
        () => s.write(alice, splitter, FEE_SPLITTER.abi, "claim", []),
      ],
    ];
    for (const [name, target, data, act] of attempts) {
      await s.write(alice, token, T, "arm", [target, data]);
      await act();
      expect(await s.read(token, T, "reentered"), name).toBe(true);
      expect(await s.read(token, T, "reentrySucceeded"), name).toBe(false);
      expect(await s.read(token, T, "reentryRevert"), name).toBe(REENTRANT_CALL);
    }
    // The outer calls did what they should: alice holds 4k of the 5k she deposited plus her yield.
    const worth = await s.read<bigint>(wrapper, W, "maxWithdraw", [alice.address]);
    expect(worth).toBeGreaterThan(4_000n * USDC);
    expect(await s.read(token, T, "balanceOf", [feeWallet.address])).toBeGreaterThan(0n);
  });
});
