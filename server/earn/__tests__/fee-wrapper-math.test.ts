import type { Address } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEE_SPLITTER, FEE_WRAPPER, LOCAL_YIELD_VAULT } from "../contracts";
import { FeeModel } from "./fee-model";
import {
  type ContractScene,
  DAY,
  deployProtocol,
  deployWrapper,
  fund,
  startContractScene,
  TOKEN_ABI,
} from "./fee-wrapper-scene";

/** FeeWrapper's fee arithmetic and rounding, on Anvil, against an independent model. */

let s: ContractScene;
beforeAll(async () => {
  s = await startContractScene();
});
afterAll(async () => s?.close());

const USDC = 10n ** 6n;
const balanceOf = (token: Address, who: Address) => s.read<bigint>(token, TOKEN_ABI, "balanceOf", [who]);

describe("FeeWrapper fee math", () => {
  it("takes exactly yield × feeBps / 10000 each month for six months, and pays the split to the wei", async () => {
    const { token, vault, factory, operator } = await deployProtocol(s, {
      rateBps: 800,
      operatorFeeBps: 500,
    });
    await s.write(s.admin, token, TOKEN_ABI, "mint", [vault, 1_000_000n * USDC]); // the vault's interest reserve
    const [alice, feeWallet, controller] = [await s.newAccount(), await s.newAccount(), await s.newAccount()];
    const { wrapper, splitter } = await deployWrapper(s, factory, vault, {
      clientFeeWallet: feeWallet.address,
      clientFeeBps: 2000,
      controller: controller.address,
    });
    const principal = 250_000n * USDC;
    await fund(s, token, alice, principal, wrapper);
    const model = new FeeModel(
      800n,
      2000n,
      500n,
      await s.read<bigint>(vault, LOCAL_YIELD_VAULT.abi, "lastAccrual"),
    );
    const deposited = await s.write(alice, wrapper, FEE_WRAPPER.abi, "deposit", [principal, alice.address]);
    model.deposit("alice", principal, deposited.timestamp);
    expect(await s.read(wrapper, FEE_WRAPPER.abi, "balanceOf", [alice.address])).toBe(
      model.shares.get("alice"),
    );

    for (let month = 1; month <= 6; month++) {
      await s.advance(30 * DAY);
      const { timestamp } = await s.write(s.admin, wrapper, FEE_WRAPPER.abi, "accrueFees", []);
      model.accrue(timestamp);
      expect(await s.read(wrapper, FEE_WRAPPER.abi, "highWaterMark"), `month ${month}`).toBe(
        model.highWaterMark,
      );
      expect(await s.read(wrapper, FEE_WRAPPER.abi, "balanceOf", [splitter]), `month ${month}`).toBe(
        model.shares.get("splitter"),
      );
    }
    // Six months at 8% on 250k is about 9.9k of yield; the fee shares are worth a quarter of it.
    const feeValue = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "convertToAssets", [
      model.shares.get("splitter"),
    ]);
    expect(feeValue).toBeGreaterThan(2_400n * USDC);
    expect(feeValue).toBeLessThan(2_600n * USDC);

    const claimed = await s.write(feeWallet, splitter, FEE_SPLITTER.abi, "claim", []);
    const expected = model.claim(claimed.timestamp);
    expect(await balanceOf(token, feeWallet.address)).toBe(expected.client);
    expect(await balanceOf(token, operator.address)).toBe(expected.operator);
    // Client and operator share in proportion to 2000 : 500 bps.
    expect(expected.client * 500n - expected.operator * 2000n).toBeLessThanOrEqual(2500n);
    expect(await s.read(wrapper, FEE_WRAPPER.abi, "balanceOf", [splitter])).toBe(0n);

    const aliceShares = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "balanceOf", [alice.address]);
    const redeemed = await s.write(alice, wrapper, FEE_WRAPPER.abi, "redeem", [
      aliceShares,
      alice.address,
      alice.address,
    ]);
    const paid = model.redeemAll("alice", redeemed.timestamp);
    expect(await balanceOf(token, alice.address)).toBe(paid);
    // Net of fees, alice kept three quarters of her yield (the rest of the ~9.9k went to fees).
    expect(paid - principal).toBeGreaterThan(7_300n * USDC);
    expect(paid - principal).toBeLessThan(7_500n * USDC);
    // What is left in the wrapper is the fee on the yield of the seconds between the claim and the
    // redeem (the splitter's new shares; more seconds pass on a busy machine) and dust: the virtual
    // shares' part, a few wei.
    const lateFee = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "convertToAssets", [
      await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "balanceOf", [splitter]),
    ]);
    const left = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "totalAssets");
    expect(left - lateFee).toBeGreaterThanOrEqual(0n);
    expect(left - lateFee).toBeLessThanOrEqual(2n);
  });

  it("never rounds against a depositor by more than 1 wei, whatever the amounts and order", async () => {
    const { token, vault, factory } = await deployProtocol(s, { rateBps: 0 });
    const controller = await s.newAccount();
    const { wrapper } = await deployWrapper(s, factory, vault, {
      clientFeeWallet: controller.address,
      clientFeeBps: 4000,
      controller: controller.address,
    });
    const amounts = [1n, 7n, 999_999n, 123_456_789n, 3n, 10n ** 15n, 17n];
    const people = [];
    for (const amount of amounts) {
      const person = await s.newAccount();
      await fund(s, token, person, amount, wrapper);
      await s.write(person, wrapper, FEE_WRAPPER.abi, "deposit", [amount, person.address]);
      const worth = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "maxWithdraw", [person.address]);
      expect(amount - worth, `deposit of ${amount}`).toBeLessThanOrEqual(1n);
      expect(worth).toBeLessThanOrEqual(amount); // and never more than was put in: no yield here
      people.push({ person, amount });
    }
    for (const { person, amount } of people.reverse()) {
      const shares = await s.read<bigint>(wrapper, FEE_WRAPPER.abi, "balanceOf", [person.address]);
      await s.write(person, wrapper, FEE_WRAPPER.abi, "redeem", [shares, person.address, person.address]);
      const back = await balanceOf(token, person.address);
      expect(amount - back, `redeem of ${amount}`).toBeLessThanOrEqual(1n);
    }
  });
});
