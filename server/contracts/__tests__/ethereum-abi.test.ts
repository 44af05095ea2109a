import { readFileSync } from "node:fs";
import fc from "fast-check";
import { parseAbi, toFunctionSelector } from "viem";
import { describe, expect, it } from "vitest";
import { ContractInterfaceError } from "../errors";
import { type AbiItem, parseEthereumAbi, selectorOf, signatureOf } from "../ethereum-abi";

const FIELD = "smartContractInterface";
const vaultAbiText = readFileSync(new URL("./fixtures/erc4626-vault.abi.json", import.meta.url), "utf8");
const functions = (abi: AbiItem[]) =>
  abi.filter((item): item is Extract<AbiItem, { type: "function" }> => item.type === "function");

function problemWith(abi: unknown): string {
  const text = typeof abi === "string" ? abi : JSON.stringify(abi);
  try {
    parseEthereumAbi(text, FIELD);
  } catch (error) {
    expect(error).toBeInstanceOf(ContractInterfaceError);
    expect((error as ContractInterfaceError).field).toBe(FIELD);
    return (error as Error).message;
  }
  throw new Error(`accepted: ${text}`);
}

const fn = (inputs: unknown[], extra: Record<string, unknown> = {}) => ({
  type: "function",
  name: "f",
  inputs,
  outputs: [],
  stateMutability: "nonpayable",
  ...extra,
});

describe("Ethereum ABI: an ERC-20 + ERC-4626 vault", () => {
  const parsed = parseEthereumAbi(vaultAbiText, FIELD);

  it("maps the selectors the policy engine checks to their functions", () => {
    expect(parsed.functionSelectors).toMatchObject({
      "0x095ea7b3": "approve(address,uint256)",
      "0x6e553f65": "deposit(uint256,address)",
      "0xb460af94": "withdraw(uint256,address,address)",
      // ERC-4626's share-denominated exit; the spec's list calls this selector "withdraw".
      "0xba087652": "redeem(uint256,address,address)",
      "0xa9059cbb": "transfer(address,uint256)",
    });
  });

  it("has one selector per function, each equal to viem's", () => {
    const fns = functions(parsed.abi);
    expect(fns).toHaveLength(25);
    expect(Object.keys(parsed.functionSelectors)).toHaveLength(fns.length);
    for (const item of fns) {
      expect(parsed.functionSelectors[toFunctionSelector(item as never)]).toBe(signatureOf(item));
    }
  });

  it("keeps every item, normalized: events with their indexed flags, errors, the constructor", () => {
    expect(parsed.abi).toHaveLength(36);
    expect(parsed.abi.find((i) => i.type === "event" && i.name === "Withdraw")).toEqual({
      type: "event",
      name: "Withdraw",
      anonymous: false,
      inputs: [
        { name: "sender", type: "address", indexed: true },
        { name: "receiver", type: "address", indexed: true },
        { name: "owner", type: "address", indexed: true },
        { name: "assets", type: "uint256", indexed: false },
        { name: "shares", type: "uint256", indexed: false },
      ],
    });
    expect(parsed.abi.filter((i) => i.type === "error")).toHaveLength(6);
    expect(parsed.abi[0]).toMatchObject({ type: "constructor", stateMutability: "nonpayable" });
  });
});

describe("Ethereum ABI: signatures", () => {
  it("spells tuples out, as viem does (Uniswap V3 exactInputSingle)", () => {
    const abi = parseAbi([
      "struct P { address tokenIn; address tokenOut; uint24 fee; address recipient; uint256 deadline; uint256 amountIn; uint256 amountOutMinimum; uint160 sqrtPriceLimitX96; }",
      "function exactInputSingle(P params) payable returns (uint256)",
    ]);
    const parsed = parseEthereumAbi(JSON.stringify(abi), FIELD);
    expect(parsed.functionSelectors).toEqual({
      "0x414bf389": "exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))",
    });
  });

  it("handles nested tuples and arrays of tuples the same as viem", () => {
    const abi = parseAbi([
      "struct Leg { address target; bytes data; uint256[2] amounts; }",
      "struct Batch { Leg[] legs; Leg first; bytes32 salt; }",
      "function run(Batch[3] batches, Leg[][] grid, bool flag) returns (bytes[] memory)",
    ]);
    const parsed = parseEthereumAbi(JSON.stringify(abi), FIELD);
    const [selector, signature] = Object.entries(parsed.functionSelectors)[0]!;
    expect(signature).toBe(
      "run(((address,bytes,uint256[2])[],(address,bytes,uint256[2]),bytes32)[3],(address,bytes,uint256[2])[][],bool)",
    );
    expect(selector).toBe(toFunctionSelector(abi[0] as never));
  });

  it("hashes `uint` and `int` as uint256 and int256 (the canonical types)", () => {
    const parsed = parseEthereumAbi(
      JSON.stringify([
        fn([
          { name: "x", type: "uint" },
          { name: "", type: "int[]" },
        ]),
      ]),
      FIELD,
    );
    expect(parsed.functionSelectors).toEqual({ [selectorOf("f(uint256,int256[])")]: "f(uint256,int256[])" });
    expect(selectorOf("f(uint256,int256[])")).toBe(toFunctionSelector("f(uint256,int256[])"));
  });

  it("reads the pre-0.4.16 `constant` and `payable` flags as stateMutability, like abitype", () => {
    const parsed = parseEthereumAbi(
      JSON.stringify([
        { type: "function", name: "a", inputs: [], outputs: [], constant: true, payable: false },
        { type: "function", name: "b", inputs: [], constant: false, payable: true },
        { type: "function", name: "c", inputs: [] },
        { type: "fallback", payable: true },
        { type: "receive" },
      ]),
      FIELD,
    );
    expect(parsed.abi.map((i) => ("stateMutability" in i ? i.stateMutability : undefined))).toEqual([
      "view",
      "payable",
      "nonpayable",
      "payable",
      "payable",
    ]);
    expect(functions(parsed.abi)[1]!.outputs).toEqual([]);
  });
});

describe("Ethereum ABI: refusals name the item and the problem", () => {
  const cases: [string, unknown, string][] = [
    ["not JSON", "[{", "smartContractInterface: is not valid JSON (expected a JSON array of ABI items): "],
    [
      "a build artifact",
      { abi: [] },
      'must be a JSON array of ABI items (this looks like a build artifact: send its "abi")',
    ],
    ["an item that is not an object", [fn([]), 7], "smartContractInterface: item 1 must be an object, not 7"],
    [
      "an unknown item type",
      [{ type: "method", name: "f" }],
      'item 0: "type" must be one of function, event, error, constructor, fallback, receive, not "method"',
    ],
    [
      "a function without a name",
      [{ type: "function", inputs: [], outputs: [] }],
      'item 0 (function): "name" must be an identifier, not undefined',
    ],
    [
      "a name that is not an identifier",
      [fn([], { name: "1f" })],
      'item 0 (function "1f"): "name" must be an identifier, not "1f"',
    ],
    [
      "a name with a space",
      [fn([], { name: "f x" })],
      'item 0 (function "f x"): "name" must be an identifier',
    ],
    [
      "uint7",
      [fn([{ name: "a", type: "uint7" }])],
      'item 0 (function "f"): inputs[0]: "uint7" is not a Solidity type (uint<M> needs M a multiple of 8 from 8 to 256)',
    ],
    [
      "int264",
      [fn([{ name: "a", type: "int264" }])],
      'inputs[0]: "int264" is not a Solidity type (int<M> needs M a multiple of 8 from 8 to 256)',
    ],
    [
      "bytes33",
      [fn([{ name: "a", type: "bytes33" }])],
      'inputs[0]: "bytes33" is not a Solidity type (bytes<M> needs M from 1 to 32)',
    ],
    ["uint08", [fn([{ name: "a", type: "uint08" }])], '"uint08" is not a Solidity type'],
    [
      "an unknown type",
      [fn([{ name: "a", type: "address payable" }])],
      'inputs[0]: "address payable" is not a Solidity type',
    ],
    ["a struct name as a type", [fn([{ name: "a", type: "MyStruct" }])], '"MyStruct" is not a Solidity type'],
    [
      "a fixed-point type",
      [fn([{ name: "a", type: "fixed128x18" }])],
      '"fixed128x18" is a fixed-point type, which is not supported',
    ],
    [
      "a zero-length array",
      [fn([{ name: "a", type: "uint256[0]" }])],
      '"uint256[0]" has array length 0; a fixed-size array needs a positive length',
    ],
    [
      "a parameter without a type",
      [fn([{ name: "a" }])],
      'inputs[0]: "type" must be a string, not undefined',
    ],
    [
      "a parameter name that is not an identifier",
      [fn([{ name: "a-b", type: "bool" }])],
      'inputs[0]: "name" must be an identifier or empty, not "a-b"',
    ],
    [
      "a tuple without components",
      [fn([{ name: "a", type: "tuple[]" }])],
      'inputs[0]: a tuple[] needs "components"',
    ],
    [
      "a bad component deep inside",
      [
        fn([
          {
            name: "a",
            type: "tuple",
            components: [{ name: "b", type: "tuple", components: [{ name: "c", type: "uint3" }] }],
          },
        ]),
      ],
      'inputs[0].components[0].components[0]: "uint3" is not a Solidity type',
    ],
    [
      "components on an elementary type",
      [fn([{ name: "a", type: "uint256", components: [] }])],
      'inputs[0]: "components" belong to tuple types only, not to uint256',
    ],
    [
      "inputs that are not an array",
      [fn("address" as never)],
      'item 0 (function "f"): "inputs" must be an array of parameters, not "address"',
    ],
    [
      "missing event inputs",
      [{ type: "event", name: "E" }],
      'item 0 (event "E"): "inputs" must be an array of parameters, not undefined',
    ],
    [
      "an unknown stateMutability",
      [fn([], { stateMutability: "constant" })],
      '"stateMutability" must be one of pure, view, nonpayable, payable, not "constant"',
    ],
    [
      "a view constructor",
      [{ type: "constructor", inputs: [], stateMutability: "view" }],
      'item 0 (constructor): "stateMutability" must be one of nonpayable, payable, not "view"',
    ],
    [
      "a non-payable receive",
      [{ type: "receive", stateMutability: "nonpayable" }],
      'item 0 (receive): "stateMutability" must be one of payable, not "nonpayable"',
    ],
    [
      "a fallback with inputs",
      [{ type: "fallback", inputs: [{ name: "", type: "bytes" }] }],
      'item 0 (fallback): a fallback function takes no declared "inputs"',
    ],
    [
      "indexed that is not a boolean",
      [{ type: "event", name: "E", inputs: [{ name: "a", type: "address", indexed: "yes" }] }],
      'inputs[0]: "indexed" must be a boolean, not "yes"',
    ],
    [
      "four indexed parameters",
      [
        {
          type: "event",
          name: "E",
          inputs: ["a", "b", "c", "d"].map((name) => ({ name, type: "address", indexed: true })),
        },
      ],
      'item 0 (event "E"): an event can index at most 3 parameters',
    ],
    [
      "five indexed parameters of an anonymous event",
      [
        {
          type: "event",
          name: "E",
          anonymous: true,
          inputs: ["a", "b", "c", "d", "e"].map((name) => ({ name, type: "address", indexed: true })),
        },
      ],
      "an anonymous event can index at most 4 parameters",
    ],
    [
      "two constructors",
      [{ type: "constructor", inputs: [] }, fn([]), { type: "constructor", inputs: [] }],
      "item 2: a second constructor (the first is item 0)",
    ],
    [
      "the same function twice",
      [fn([{ name: "a", type: "uint" }]), fn([{ name: "b", type: "uint256" }])],
      "item 1: function f(uint256) is declared twice (also item 0)",
    ],
    [
      "two functions sharing a selector",
      [
        fn([{ name: "", type: "bytes16" }], { name: "collate_propagate_storage" }),
        fn([{ name: "", type: "uint256" }], { name: "burn" }),
      ],
      "item 1: function burn(uint256) has selector 0x42966c68, which item 0 (collate_propagate_storage(bytes16)) already has",
    ],
  ];

  for (const [name, abi, message] of cases) {
    it(name, () => {
      expect(problemWith(abi)).toContain(message);
    });
  }

  it("tuples nested deeper than 32 levels", () => {
    let parameter: Record<string, unknown> = { name: "x", type: "uint8" };
    for (let i = 0; i < 40; i++) parameter = { name: "x", type: "tuple", components: [parameter] };
    expect(problemWith([fn([parameter])])).toMatch(
      /inputs\[0\](\.components\[0\]){32}: tuples nest deeper than 32 levels/,
    );
  });

  it("the selector clash above is real: viem computes the same four bytes for both", () => {
    expect(toFunctionSelector("burn(uint256)")).toBe(
      toFunctionSelector("collate_propagate_storage(bytes16)"),
    );
  });

  it("random ABIs: refused with a ContractInterfaceError, or accepted with viem's selectors", () => {
    const type = fc
      .tuple(
        fc.constantFrom(
          "address",
          "bool",
          "string",
          "bytes",
          "bytes32",
          "uint8",
          "int24",
          "uint256",
          "function",
        ),
        fc.constantFrom("uint7", "bytes0", "tuple", "fixed", "Uint256", "address payable"),
        fc.constantFrom("", "", "[]", "[2]", "[0]", "[][3]"),
        fc.boolean(),
      )
      .map(([good, bad, dims, valid]) => `${valid ? good : bad}${dims}`);
    const parameter = fc.record(
      { name: fc.constantFrom("", "a", "to", "1x"), type },
      { requiredKeys: ["type"] },
    );
    const item = fc.record(
      {
        type: fc.constantFrom("function", "function", "event", "error", "constructor", "receive", "method"),
        name: fc.constantFrom("transfer", "approve", "f", "g", "bad name"),
        inputs: fc.array(parameter, { maxLength: 3 }),
        outputs: fc.array(parameter, { maxLength: 2 }),
        stateMutability: fc.constantFrom("view", "payable", "nonpayable", "constant"),
      },
      { requiredKeys: ["type"] },
    );
    let accepted = 0;
    fc.assert(
      fc.property(fc.array(item, { maxLength: 4 }), (abi) => {
        let parsed: ReturnType<typeof parseEthereumAbi>;
        try {
          parsed = parseEthereumAbi(JSON.stringify(abi), FIELD);
        } catch (error) {
          expect(error).toBeInstanceOf(ContractInterfaceError);
          return;
        }
        accepted += 1;
        for (const f of functions(parsed.abi)) {
          expect(parsed.functionSelectors[toFunctionSelector(f as never)]).toBe(signatureOf(f));
        }
      }),
      { numRuns: 1000 },
    );
    expect(accepted).toBeGreaterThan(50);
  });

  it("any JSON at all is either an ABI or a ContractInterfaceError, never a crash", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        try {
          parseEthereumAbi(JSON.stringify(value), FIELD);
        } catch (error) {
          expect(error).toBeInstanceOf(ContractInterfaceError);
        }
      }),
      { numRuns: 500 },
    );
  });
});
