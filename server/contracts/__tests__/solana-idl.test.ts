import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { anchorInstructionDiscriminator, toSnakeCase } from "../anchor-discriminator";
import { ContractInterfaceError } from "../errors";
import { parseAnchorIdl } from "../solana-idl";

const FIELD = "smartContractInterface";
const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");
const CP_SWAP = "CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C";
const EXTERNAL = "Externa111111111111111111111111111111111111";
const hex = (bytes: number[]) => Buffer.from(bytes).toString("hex");

function refusal(idl: unknown, programId = EXTERNAL): string {
  try {
    parseAnchorIdl(typeof idl === "string" ? idl : JSON.stringify(idl), FIELD, programId);
  } catch (error) {
    expect(error).toBeInstanceOf(ContractInterfaceError);
    return (error as Error).message;
  }
  throw new Error("accepted");
}

describe("Anchor 0.30 IDL: Raydium's constant-product AMM", () => {
  const text = fixture("raydium-cp-swap.idl.json");
  const published = JSON.parse(text) as { instructions: { name: string; discriminator: number[] }[] };
  const parsed = parseAnchorIdl(text, FIELD, CP_SWAP);

  it("keeps every instruction with the discriminator the IDL publishes", () => {
    expect(parsed.format).toBe("anchor-0.30");
    expect(parsed.name).toBe("raydium_cp_swap");
    expect(parsed.instructions.map((i) => [i.name, i.discriminator])).toEqual(
      published.instructions.map((i) => [i.name, hex(i.discriminator)]),
    );
    expect(parsed.instructionsByDiscriminator["8fbe5adac41e33de"]).toBe("swap_base_input");
    expect(Object.keys(parsed.instructionsByDiscriminator)).toHaveLength(14);
  });

  it('the published discriminators are sha256("global:<name>")[0..8], as computed here', () => {
    for (const instruction of published.instructions) {
      expect(anchorInstructionDiscriminator(instruction.name), instruction.name).toBe(
        hex(instruction.discriminator),
      );
    }
  });

  it("lists accounts in order with their flags, and arguments with their types", () => {
    const swap = parsed.instructions.find((i) => i.name === "swap_base_input")!;
    expect(swap.accounts.slice(0, 4)).toEqual([
      { name: "payer", writable: false, signer: true, optional: false },
      { name: "authority", writable: false, signer: false, optional: false },
      { name: "amm_config", writable: false, signer: false, optional: false },
      { name: "pool_state", writable: true, signer: false, optional: false },
    ]);
    expect(swap.accounts).toHaveLength(13);
    expect(swap.args).toEqual([
      { name: "amount_in", type: "u64" },
      { name: "minimum_amount_out", type: "u64" },
    ]);
    const permissioned = parsed.instructions.find((i) => i.name === "initialize_with_permission")!;
    expect(permissioned.args.at(-1)).toEqual({
      name: "creator_fee_on",
      type: { defined: { name: "CreatorFeeOn" } },
    });
  });

  it("refuses the IDL for another program id", () => {
    expect(refusal(text, EXTERNAL)).toBe(
      `smartContractInterface: the IDL is for program ${CP_SWAP}, but smartContractAddress is ${EXTERNAL}`,
    );
  });
});

describe("legacy IDLs (before Anchor 0.30): discriminators from the camelCase names", () => {
  const legacy = parseAnchorIdl(fixture("anchor-external.legacy.idl.json"), FIELD, EXTERNAL);
  const modern = parseAnchorIdl(fixture("anchor-external.idl.json"), FIELD, EXTERNAL);

  it("match what Anchor wrote into the 0.30 IDL of the same program", () => {
    expect(legacy.format).toBe("anchor-legacy");
    const byName = Object.fromEntries(modern.instructions.map((i) => [i.name, i.discriminator]));
    expect(legacy.instructions.slice(0, 3).map((i) => [i.name, i.discriminator])).toEqual([
      ["init", byName.init],
      ["update", byName.update],
      ["updateComposite", byName.update_composite],
    ]);
  });

  it("flatten composite account groups the same way in both shapes", () => {
    const expected = [
      { name: "update.authority", writable: false, signer: true, optional: false },
      { name: "update.my_account", writable: true, signer: false, optional: false },
    ];
    expect(modern.instructions[2]!.accounts).toEqual(expected);
    expect(legacy.instructions[2]!.accounts).toEqual(
      expected.map((a) => ({ ...a, name: a.name.replace("my_account", "myAccount") })),
    );
  });

  it("Raydium CLMM's swap and swapV2 get the discriminators on chain (f8c69e91…, 2b04ed0b…)", () => {
    const clmm = {
      version: "0.1.0",
      name: "amm_v3",
      instructions: ["swap", "swapV2"].map((name) => ({
        name,
        accounts: [{ name: "payer", isMut: false, isSigner: true }],
        args: [
          { name: "amount", type: "u64" },
          { name: "sqrtPriceLimitX64", type: "u128" },
          { name: "isBaseInput", type: "bool" },
        ],
      })),
    };
    const parsed = parseAnchorIdl(
      JSON.stringify(clmm),
      FIELD,
      "CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK",
    );
    expect(parsed.instructionsByDiscriminator).toEqual({
      f8c69e91e17587c8: "swap",
      "2b04ed0b1ac91e62": "swapV2",
    });
  });

  it.each([
    ["swapV2", "swap_v2"],
    ["updateComposite", "update_composite"],
    ["initHTTPServer", "init_http_server"],
    ["openPositionWithToken22Nft", "open_position_with_token22_nft"],
    ["already_snake", "already_snake"],
    ["ABC", "abc"],
    ["v2Swap", "v2_swap"],
  ])("%s is the Rust function %s", (camel, snake) => {
    expect(toSnakeCase(camel)).toBe(snake);
  });
});

describe("IDL refusals name the instruction and the problem", () => {
  const ix = (extra: Record<string, unknown> = {}) => ({
    name: "init",
    accounts: [{ name: "payer", isMut: true, isSigner: true }],
    args: [{ name: "amount", type: "u64" }],
    ...extra,
  });
  const legacy = (instructions: unknown[], extra: Record<string, unknown> = {}) => ({
    version: "0.1.0",
    name: "p",
    instructions,
    ...extra,
  });
  const modern = (instructions: unknown[]) => ({
    address: EXTERNAL,
    metadata: { name: "p", version: "0.1.0", spec: "0.1.0" },
    instructions,
  });

  const cases: [string, unknown, string][] = [
    ["not JSON", "{", "smartContractInterface: is not valid JSON (expected an Anchor IDL object): "],
    [
      "an ABI",
      [{ type: "function" }],
      'must be an Anchor IDL: a JSON object with "instructions" (an array looks like an Ethereum ABI; check the type)',
    ],
    [
      "neither shape",
      { instructions: [ix()] },
      'must be an Anchor IDL: "name" (legacy) or "address" and "metadata" (0.30+) are missing',
    ],
    ["no instructions", legacy([]), '"instructions" must be a non-empty array'],
    [
      "a legacy IDL for another program",
      legacy([ix()], { metadata: { address: "11111111111111111111111111111111" } }),
      "the IDL is for program 11111111111111111111111111111111, but smartContractAddress is",
    ],
    [
      "0.30 without metadata",
      { address: EXTERNAL, instructions: [ix()] },
      'an Anchor 0.30+ IDL needs "metadata" with "name" and "spec"',
    ],
    [
      "an instruction name with a dash",
      legacy([ix({ name: "do-it" })]),
      'instructions[0]: "name" must be an identifier, not "do-it"',
    ],
    [
      "accounts missing",
      legacy([ix({ accounts: undefined })]),
      'instructions[0] ("init"): "accounts" must be an array, not undefined',
    ],
    ["args missing", legacy([ix({ args: {} })]), 'instructions[0] ("init"): "args" must be an array, not {}'],
    [
      "a legacy account without isMut",
      legacy([ix({ accounts: [{ name: "payer", isSigner: true }] })]),
      'instructions[0] ("init"): accounts[0] ("payer"): "isMut" must be a boolean, not undefined',
    ],
    [
      "a 0.30 account flag that is not a boolean",
      modern([
        ix({ discriminator: [1, 2, 3, 4, 5, 6, 7, 8], accounts: [{ name: "payer", writable: "yes" }] }),
      ]),
      'accounts[0] ("payer"): "writable" must be a boolean, not "yes"',
    ],
    [
      "an account group member without a name",
      legacy([ix({ accounts: [{ name: "g", accounts: [{ isMut: true }] }] })]),
      'instructions[0] ("init"): accounts[0].accounts[0] must be an object with a "name"',
    ],
    [
      "an unknown argument type",
      legacy([ix({ args: [{ name: "amount", type: "u7" }] })]),
      'instructions[0] ("init"): args[0] ("amount"): "type": "u7" is not an IDL type',
    ],
    [
      "a bad type inside a vec",
      legacy([ix({ args: [{ name: "keys", type: { vec: { hashMap: ["u8", "u8"] } } }] })]),
      'args[0] ("keys"): "type": {"hashMap":["u8","u8"]} is not an IDL type (unknown kind "hashMap")',
    ],
    [
      "a bad array length",
      legacy([ix({ args: [{ name: "xs", type: { array: ["u8", -1] } }] })]),
      "an array length must be a non-negative integer or a generic, not -1",
    ],
    [
      "an argument without a name",
      legacy([ix({ args: [{ type: "u8" }] })]),
      'args[0] must be an object with a "name" and a "type"',
    ],
    [
      "0.30 without a discriminator",
      modern([ix()]),
      'instructions[0] ("init"): "discriminator" must be an array of 1 to 32 bytes (0-255), not undefined',
    ],
    [
      "a discriminator byte over 255",
      modern([ix({ discriminator: [1, 2, 3, 256] })]),
      '"discriminator" must be an array of 1 to 32 bytes (0-255), not [1,2,3,256]',
    ],
    [
      "two instructions of one name",
      legacy([ix(), ix()]),
      'instructions[1]: instruction "init" is declared twice (also instructions[0])',
    ],
    [
      "legacy names that hash alike",
      legacy([ix({ name: "swapV2" }), ix({ name: "swap_v2" })]),
      'instructions[1] ("swap_v2"): discriminator 2b04ed0b1ac91e62 is also that of instructions[0] ("swapV2")',
    ],
    [
      "two 0.30 instructions with one discriminator",
      modern([
        ix({ discriminator: [9, 9, 9, 9, 9, 9, 9, 9] }),
        ix({ name: "other", discriminator: [9, 9, 9, 9, 9, 9, 9, 9] }),
      ]),
      'instructions[1] ("other"): discriminator 0909090909090909 is also that of instructions[0] ("init")',
    ],
  ];

  for (const [name, idl, message] of cases) {
    it(name, () => {
      expect(refusal(idl)).toContain(message);
    });
  }

  it("accepts custom (non-8-byte) discriminators, as Anchor 0.31 allows", () => {
    const parsed = parseAnchorIdl(JSON.stringify(modern([ix({ discriminator: [7] })])), FIELD, EXTERNAL);
    expect(parsed.instructionsByDiscriminator).toEqual({ "07": "init" });
  });

  it("types nested deeper than 32 levels", () => {
    let type: unknown = "u8";
    for (let i = 0; i < 40; i++) type = { vec: type };
    expect(refusal(legacy([ix({ args: [{ name: "deep", type }] })]))).toContain(
      "types nest deeper than 32 levels",
    );
  });

  it("any JSON at all is either an IDL or a ContractInterfaceError, never a crash", () => {
    const shaped = fc.record(
      {
        version: fc.constant("0.1.0"),
        name: fc.constantFrom("p", ""),
        address: fc.constantFrom(EXTERNAL, "x"),
        metadata: fc.record({ name: fc.string(), spec: fc.constant("0.1.0") }, { requiredKeys: [] }),
        instructions: fc.array(
          fc.record(
            {
              name: fc.constantFrom("init", "swapV2", "do it"),
              discriminator: fc.array(fc.integer({ min: -1, max: 256 }), { maxLength: 9 }),
              accounts: fc.array(fc.jsonValue(), { maxLength: 3 }),
              args: fc.array(fc.record({ name: fc.string(), type: fc.jsonValue() }), { maxLength: 3 }),
            },
            { requiredKeys: ["name"] },
          ),
          { maxLength: 3 },
        ),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(fc.oneof(fc.jsonValue(), shaped), (value) => {
        try {
          parseAnchorIdl(JSON.stringify(value), FIELD, EXTERNAL);
        } catch (error) {
          expect(error).toBeInstanceOf(ContractInterfaceError);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
