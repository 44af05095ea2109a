import {
  encodeFunctionData,
  erc20Abi,
  erc721Abi,
  erc4626Abi,
  maxUint256,
  parseEther,
  parseGwei,
  serializeTransaction,
} from "viem";
import { describe, expect, it } from "vitest";
import type { TDecodedContent } from "@/lib/api/activity-summary";
import { SEEDED_TOKENS } from "../../chains/evm/seeded-tokens";
import { parseContractInterface } from "../../contracts";
import { parseUsdPrices } from "../../gas-station/prices";
import { type DecodeEnvironment, decodeSigned } from "../index";

const env: DecodeEnvironment = { interfaces: [], usdPrices: parseUsdPrices(undefined) };
const USDC = SEEDED_TOKENS.find((t) => t.symbol === "USDC")!.address;
const SPENDER = `0x${"ab".repeat(20)}` as const;

const decodeTx = (hex: string, e = env) =>
  decodeSigned({ transactionType: "TRANSACTION_TYPE_ETHEREUM", unsignedTransaction: hex }, e)[0]!;
const field = (d: TDecodedContent, label: string) => d.fields.find((f) => f.label === label)?.value;
const call = (to: `0x${string}`, data: `0x${string}`, chainId = 1) =>
  serializeTransaction({
    type: "eip1559",
    chainId,
    nonce: 1,
    to,
    data,
    gas: 60_000n,
    maxFeePerGas: parseGwei("20"),
    maxPriorityFeePerGas: 1n,
  });

describe("Ethereum transactions for the approver", () => {
  it("reads EIP-155's published example: 1 ETH to 0x3535… on Ethereum, nonce 9, 20 gwei", () => {
    const d = decodeTx(
      "0xec098504a817c800825208943535353535353535353535353535353535353535880de0b6b3a764000080018080",
    );
    expect(d.headline).toBe("Send 1 ETH to 0x3535…3535 on Ethereum");
    expect(field(d, "Nonce")).toBe("9");
    expect(field(d, "Gas price")).toBe("20 gwei");
    expect(field(d, "Value")).toBe("1 ETH ($3,000.00)");
    expect(d.warning).toBeUndefined();
  });

  it("round-trips viem's EIP-1559 encoding: value with USD, chain, nonce and fees", () => {
    const d = decodeTx(
      serializeTransaction({
        type: "eip1559",
        chainId: 8453,
        nonce: 42,
        to: SPENDER,
        value: parseEther("0.25"),
        gas: 21_000n,
        maxFeePerGas: parseGwei("3"),
        maxPriorityFeePerGas: parseGwei("0.5"),
      }),
    );
    expect(d.headline).toBe("Send 0.25 ETH to 0xabab…abab on Base");
    expect(field(d, "Value")).toBe("0.25 ETH ($750.00)");
    expect(field(d, "Chain")).toBe("Base (8453)");
    expect(field(d, "Nonce")).toBe("42");
    expect(field(d, "Max fee per gas")).toBe("3 gwei");
    expect(field(d, "Max priority fee per gas")).toBe("0.5 gwei");
  });

  it("spells out ERC-20 approve and transfer of a known token, and an unlimited approval", () => {
    const approve = decodeTx(
      call(
        USDC,
        encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [SPENDER, 1_000_000_000n] }),
      ),
    );
    expect(approve.headline).toBe("Approve 1,000 USDC to 0xabab…abab on Ethereum");
    expect(approve.fields.find((f) => f.label === "spender")?.value?.toLowerCase()).toBe(SPENDER);
    const unlimited = decodeTx(
      call(USDC, encodeFunctionData({ abi: erc20Abi, functionName: "approve", args: [SPENDER, maxUint256] })),
    );
    expect(unlimited.headline).toContain("Approve an unlimited amount of USDC");
    const transfer = decodeTx(
      call(
        USDC,
        encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [SPENDER, 2_500_000n] }),
      ),
    );
    expect(transfer.headline).toBe("Transfer 2.5 USDC to 0xabab…abab on Ethereum");
  });

  it("reads ERC-721 and ERC-4626 calls with their well-known ABIs", () => {
    const nft = `0x${"12".repeat(20)}` as const;
    const owner = `0x${"34".repeat(20)}` as const;
    const safe = decodeTx(
      call(
        nft,
        encodeFunctionData({ abi: erc721Abi, functionName: "safeTransferFrom", args: [owner, SPENDER, 7n] }),
      ),
    );
    expect(safe.headline).toBe("Transfer NFT #7 of 0x1212…1212 from 0x3434…3434 to 0xabab…abab on Ethereum");
    const all = decodeTx(
      call(
        nft,
        encodeFunctionData({ abi: erc721Abi, functionName: "setApprovalForAll", args: [SPENDER, true] }),
      ),
    );
    expect(all.headline).toContain("Allow 0xabab…abab to move every NFT of 0x1212…1212");
    const deposit = decodeTx(
      call(nft, encodeFunctionData({ abi: erc4626Abi, functionName: "deposit", args: [5n, owner] })),
    );
    expect(deposit.headline).toContain(
      "Deposit 5 base units of assets into vault 0x1212…1212 for 0x3434…3434",
    );
  });

  it("uses a registered interface first, with the policy engine's argument names", () => {
    const abi = [
      {
        type: "function",
        name: "sweep",
        inputs: [{ name: "recipient", type: "address" }],
        outputs: [],
        stateMutability: "nonpayable",
      },
    ] as const;
    const target = `0x${"56".repeat(20)}` as const;
    const parsed = parseContractInterface({
      type: "SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM",
      address: target,
      definition: JSON.stringify(abi),
    });
    const d = decodeTx(call(target, encodeFunctionData({ abi, functionName: "sweep", args: [SPENDER] })), {
      ...env,
      interfaces: [{ address: target, parsed }],
    });
    expect(d.headline).toBe("Call sweep on 0x5656…5656 on Ethereum");
    expect(d.fields.find((f) => f.label === "recipient")?.value).toBe(SPENDER);
  });

  it("says plainly when the call data matches nothing it knows", () => {
    const d = decodeTx(call(SPENDER, "0xdeadbeef0000"));
    expect(d.headline).toBe("Call 0xabab…abab with undecoded data on Ethereum");
    expect(d.warning).toContain("selector 0xdeadbeef");
  });

  it("lists an EIP-7702 transaction's authorizations", () => {
    const d = decodeTx(
      serializeTransaction({
        type: "eip7702",
        chainId: 1,
        nonce: 0,
        to: SPENDER,
        gas: 50_000n,
        maxFeePerGas: 1n,
        maxPriorityFeePerGas: 1n,
        authorizationList: [{ address: USDC, chainId: 1, nonce: 3, r: "0x01", s: "0x02", yParity: 0 }],
      }),
    );
    const index = d.fields.findIndex((f) => f.label === "EIP-7702 authorizations");
    expect(d.fields[index + 1]?.value).toBe(`delegate to ${USDC.toLowerCase()} on Ethereum (nonce 3)`);
  });

  it("flags bytes that are not a transaction instead of guessing", () => {
    const d = decodeTx("0x1234");
    expect(d.kind).toBe("undecodable");
    expect(d.warning).toMatch(
      /cannot decode this: unsignedTransaction is not a serialized Ethereum transaction/,
    );
  });
});
