import { type Address, createWalletClient, http, parseEther, zeroAddress } from "viem";
import { foundry } from "viem/chains";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import seededToken from "../../chains/evm/artifacts/SeededToken.json";
import {
  type ContractScene,
  fund,
  startContractScene,
  TOKEN_ABI,
} from "../../earn/__tests__/fee-wrapper-scene";
import { LOCAL_SWAP_POOLS } from "../local-pools";

/** LocalSwapPools on a bare Anvil: x·y=k with the 0.3 % LP fee to the wei, the client-fee vault, guards. */

let s: ContractScene;
let pools: Address;
let usdc: Address;
let weth: Address;
const { abi } = LOCAL_SWAP_POOLS;

/** The same arithmetic, independently: Uniswap v2's getAmountOut. */
const amountOut = (amountIn: bigint, rIn: bigint, rOut: bigint) =>
  (amountIn * 997n * rOut) / (rIn * 1000n + amountIn * 997n);

beforeAll(async () => {
  s = await startContractScene();
  pools = await s.deploy(abi, LOCAL_SWAP_POOLS.bytecode, [s.admin.address]);
  const token = (symbol: string, decimals: number) =>
    s.deploy(TOKEN_ABI, seededToken.bytecode as `0x${string}`, [symbol, symbol, decimals]);
  usdc = await token("USDC", 6);
  weth = await token("WETH", 18);
  await fund(s, usdc, s.admin, 3_000_000n * 10n ** 6n, pools);
  await fund(s, weth, s.admin, parseEther("1000"), pools);
  await s.write(s.admin, pools, abi, "addLiquidity", [
    usdc,
    weth,
    2_000_000n * 10n ** 6n,
    parseEther("1000"),
  ]);
}, 60_000);
afterAll(async () => s?.close());

const balanceOf = (token: Address, who: Address) => s.read<bigint>(token, TOKEN_ABI, "balanceOf", [who]);
const reserves = (a: Address, b: Address) => s.read<[bigint, bigint]>(pools, abi, "reserves", [a, b]);

describe("LocalSwapPools", () => {
  it("pays x·y=k less the 0.3 % LP fee to the wei, sets the client fee aside, and keeps the reserves exact", async () => {
    const trader = await s.newAccount();
    const feeReceiver = await s.newAccount();
    const amountIn = 1_234_567_891n; // 1234.567891 USDC
    await fund(s, usdc, trader, amountIn, pools);
    const [rIn, rOut] = await reserves(usdc, weth);
    const gross = amountOut(amountIn, rIn, rOut);
    const fee = (gross * 50n) / 10_000n;
    expect(await s.read(pools, abi, "getAmountOut", [usdc, weth, amountIn])).toBe(gross);

    await s.write(trader, pools, abi, "swap", [
      usdc,
      weth,
      amountIn,
      gross - fee,
      trader.address,
      feeReceiver.address,
      50n,
    ]);

    expect(await balanceOf(weth, trader.address)).toBe(gross - fee);
    expect(await balanceOf(usdc, trader.address)).toBe(0n);
    expect(await reserves(usdc, weth)).toEqual([rIn + amountIn, rOut - gross]);
    expect(await s.read(pools, abi, "feesOwed", [feeReceiver.address, weth])).toBe(fee);
    // The invariant never falls: the LP fee stays in the pool.
    expect((rIn + amountIn) * (rOut - gross)).toBeGreaterThanOrEqual(rIn * rOut);

    // Anyone may trigger the claim; the fee only ever goes to its receiver.
    await s.write(trader, pools, abi, "claimFees", [feeReceiver.address, weth]);
    expect(await balanceOf(weth, feeReceiver.address)).toBe(fee);
    expect(await s.read(pools, abi, "feesOwed", [feeReceiver.address, weth])).toBe(0n);
    await expect(s.write(trader, pools, abi, "claimFees", [feeReceiver.address, weth])).rejects.toThrow(
      /NothingToClaim/,
    );
  });

  it("swaps the native coin in (msg.value) and refuses a value that disagrees with the amount", async () => {
    // The scene's write sends no value: the native side goes through a wallet client of the admin.
    const admin = createWalletClient({ account: s.admin, chain: foundry, transport: http(s.anvil.url()) });
    const hash = await admin.writeContract({
      address: pools,
      abi,
      functionName: "addLiquidity",
      args: [usdc, zeroAddress, 300_000n * 10n ** 6n, parseEther("10")],
      value: parseEther("10"),
    });
    expect((await s.public.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe("success");
    const trader = await s.newAccount();
    const [rIn, rOut] = await reserves(zeroAddress, usdc);
    const gross = amountOut(parseEther("1"), rIn, rOut);
    const call = {
      account: trader,
      address: pools,
      abi,
      functionName: "swap",
      args: [zeroAddress, usdc, parseEther("1"), gross, trader.address, zeroAddress, 0n],
    } as const;
    const { result } = await s.public.simulateContract({ ...call, value: parseEther("1") });
    expect(result).toBe(gross);
    await expect(s.public.simulateContract({ ...call, value: parseEther("0.5") })).rejects.toThrow(
      /WrongNativeValue/,
    );
  });

  it("reverts with InsufficientOutput when the price moved past the minimum", async () => {
    const trader = await s.newAccount();
    await fund(s, usdc, trader, 1_000_000n, pools);
    const gross = await s.read<bigint>(pools, abi, "getAmountOut", [usdc, weth, 1_000_000n]);
    await expect(
      s.write(trader, pools, abi, "swap", [
        usdc,
        weth,
        1_000_000n,
        gross + 1n,
        trader.address,
        zeroAddress,
        0n,
      ]),
    ).rejects.toThrow(/InsufficientOutput/);
    // With a client fee the minimum is measured after the fee.
    await expect(
      s.write(trader, pools, abi, "swap", [
        usdc,
        weth,
        1_000_000n,
        gross,
        trader.address,
        trader.address,
        100n,
      ]),
    ).rejects.toThrow(/InsufficientOutput/);
    expect(await balanceOf(usdc, trader.address)).toBe(1_000_000n);
  });

  it("refuses a pair without liquidity, a zero amount, a fee above 10 % and liquidity from anyone but the operator", async () => {
    const trader = await s.newAccount();
    const lonely = await s.deploy(TOKEN_ABI, seededToken.bytecode as `0x${string}`, ["Lonely", "LON", 18]);
    await expect(s.read(pools, abi, "getAmountOut", [lonely, weth, 1000n])).rejects.toThrow(/NoLiquidity/);
    await expect(s.read(pools, abi, "getAmountOut", [usdc, weth, 0n])).rejects.toThrow(/ZeroAmount/);
    await expect(
      s.write(trader, pools, abi, "swap", [usdc, weth, 1000n, 0n, trader.address, trader.address, 1001n]),
    ).rejects.toThrow(/FeeTooHigh/);
    await expect(s.write(trader, pools, abi, "addLiquidity", [usdc, weth, 1n, 1n])).rejects.toThrow(
      /NotOperator/,
    );
  });
});
