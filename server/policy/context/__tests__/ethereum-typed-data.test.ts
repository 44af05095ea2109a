import { serializeTypedData } from "viem";
import { describe, expect, it } from "vitest";
import { InputError } from "@/server/encoding/input-error";
import { conformanceProblems } from "../conforms";
import { ethAuthorizationContext, ethTypedDataContext } from "../ethereum";
import { CONDITION_SCHEMA } from "../schema";

const USDC = "0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48";
const WETH = "0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2";
const PERMIT2 = "0x000000000022D473030F116dDEE9F6B43aC78BA3";
const SPENDER = "0x8ba1f109551bD432803012645Ac136ddd64DBA72";

/**
 * Uniswap Permit2's PermitBatchTransferFrom, serialized as @turnkey/viem sends typed data (viem's
 * signTypedData adds the EIP712Domain type first; serializeTypedData keeps only declared domain fields).
 */
const domain = { name: "Permit2", chainId: 1n, verifyingContract: PERMIT2 } as const;
const permitBatch = serializeTypedData({
  domain,
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    TokenPermissions: [
      { name: "token", type: "address" },
      { name: "amount", type: "uint256" },
    ],
    PermitBatchTransferFrom: [
      { name: "permitted", type: "TokenPermissions[]" },
      { name: "spender", type: "address" },
      { name: "nonce", type: "uint256" },
      { name: "deadline", type: "uint256" },
    ],
  },
  primaryType: "PermitBatchTransferFrom",
  message: {
    permitted: [
      { token: USDC, amount: 1_000_000_000n },
      { token: WETH, amount: 2n ** 200n },
    ],
    spender: SPENDER,
    nonce: 0n,
    deadline: 1_900_000_000n,
  },
});

describe("eth.eip_712", () => {
  it("reads domain, primary type and message by their declared types", () => {
    const typed = ethTypedDataContext(permitBatch);
    expect(typed).toEqual({
      primary_type: "PermitBatchTransferFrom",
      domain: { name: "Permit2", chain_id: 1n, verifying_contract: PERMIT2.toLowerCase() },
      message: {
        permitted: [
          { token: USDC.toLowerCase(), amount: 1_000_000_000n },
          { token: WETH.toLowerCase(), amount: 2n ** 200n },
        ],
        spender: SPENDER.toLowerCase(),
        nonce: 0n,
        deadline: 1_900_000_000n,
      },
    });
    expect(conformanceProblems({ eth: { eip_712: typed } }, CONDITION_SCHEMA)).toEqual([]);
  });

  it("reads every field kind: bool, string, bytes, signed integers, version and salt", () => {
    const typed = ethTypedDataContext(
      JSON.stringify({
        types: {
          EIP712Domain: [
            { name: "name", type: "string" },
            { name: "version", type: "string" },
            { name: "chainId", type: "uint256" },
            { name: "verifyingContract", type: "address" },
            { name: "salt", type: "bytes32" },
          ],
          Order: [
            { name: "isBuy", type: "bool" },
            { name: "note", type: "string" },
            { name: "payload", type: "bytes" },
            { name: "delta", type: "int64" },
            { name: "ids", type: "uint8[2]" },
          ],
        },
        primaryType: "Order",
        domain: {
          name: "Exchange",
          version: "2",
          chainId: "0x2105",
          verifyingContract: SPENDER,
          salt: `0x${"AB".repeat(32)}`,
        },
        message: { isBuy: true, note: "gm", payload: "0xDEADBEEF", delta: "-42", ids: [1, "2"] },
      }),
    );
    expect(typed).toEqual({
      primary_type: "Order",
      domain: {
        name: "Exchange",
        version: "2",
        chain_id: 8453n,
        verifying_contract: SPENDER.toLowerCase(),
        salt: `0x${"ab".repeat(32)}`,
      },
      message: { isBuy: true, note: "gm", payload: "0xdeadbeef", delta: -42n, ids: [1n, 2n] },
    });
    expect(conformanceProblems({ eth: { eip_712: typed } }, CONDITION_SCHEMA)).toEqual([]);
  });

  it("leaves out message fields the types do not declare (they are not signed)", () => {
    const typed = ethTypedDataContext(
      JSON.stringify({
        types: { Mail: [{ name: "contents", type: "string" }] },
        primaryType: "Mail",
        domain: { name: "Mail" },
        message: { contents: "hi", extra: "ignored" },
      }),
    ) as { message: Record<string, unknown> };
    expect(typed.message).toEqual({ contents: "hi" });
  });

  it("refuses documents the signer would refuse, naming the problem", () => {
    expect(() => ethTypedDataContext("not json")).toThrow(InputError);
    expect(() => ethTypedDataContext("[]")).toThrow(/must be a JSON object/);
    expect(() =>
      ethTypedDataContext(JSON.stringify({ types: {}, primaryType: "Missing", domain: {}, message: {} })),
    ).toThrow(/primaryType "Missing" is not defined/);
    expect(() =>
      ethTypedDataContext(
        JSON.stringify({
          types: { Mail: [{ name: "to", type: "address" }] },
          primaryType: "Mail",
          domain: {},
          message: { to: "0x1234" },
        }),
      ),
    ).toThrow(/not valid EIP-712 typed data/);
  });
});

describe("eth.eip_7702_authorization", () => {
  it("reads address, chain id and nonce as @turnkey/viem sends them", () => {
    const authorization = ethAuthorizationContext(JSON.stringify({ address: WETH, chainId: 1, nonce: 7 }));
    expect(authorization).toEqual({ address: WETH.toLowerCase(), chain_id: 1n, nonce: 7n });
    expect(conformanceProblems({ eth: { eip_7702_authorization: authorization } }, CONDITION_SCHEMA)).toEqual(
      [],
    );
  });

  it("accepts contractAddress and integers as strings", () => {
    expect(
      ethAuthorizationContext(
        JSON.stringify({ contractAddress: USDC, chainId: "0x2105", nonce: "18446744073709551615" }),
      ),
    ).toEqual({ address: USDC.toLowerCase(), chain_id: 8453n, nonce: 18446744073709551615n });
  });

  it("refuses a malformed authorization", () => {
    expect(() => ethAuthorizationContext(JSON.stringify({ address: "0x12", chainId: 1, nonce: 0 }))).toThrow(
      /payload.address/,
    );
    expect(() => ethAuthorizationContext(JSON.stringify({ address: WETH, chainId: 1.5, nonce: 0 }))).toThrow(
      /payload.chainId/,
    );
    expect(() => ethAuthorizationContext(JSON.stringify({ address: WETH, chainId: 1, nonce: -1 }))).toThrow(
      /payload.nonce/,
    );
  });
});
