import { p256 } from "@noble/curves/nist.js";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import {
  bytesToHex,
  type Hex,
  hashMessage,
  hashTypedData,
  recoverTypedDataAddress,
  serializeSignature,
  serializeTypedData,
  toBytes,
  verifyMessage,
  verifyTypedData,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { hashAuthorization, recoverAuthorizationAddress } from "viem/utils";
import { describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { signRawPayload } from "../signing/raw-payload";
import type { KeyPair, RawSignature } from "../types";

const PRIVATE: Hex = "0x8da4ef21b864d2cc526dbdb2a120bd2874c36c9d0a1fb7f8c63d7f7a8b41de8f";
const account = privateKeyToAccount(PRIVATE);
const key: KeyPair = {
  curve: "CURVE_SECP256K1",
  privateKey: hexToBytes(PRIVATE.slice(2)),
  publicKey: secp256k1.getPublicKey(hexToBytes(PRIVATE.slice(2)), true),
};

/** What @turnkey/viem's serializeSignature does with {r, s, v}: 65 bytes with v = 27 + v. */
function asEthereumSignature(sig: RawSignature): Hex {
  return serializeSignature({ r: `0x${sig.r}`, s: `0x${sig.s}`, yParity: Number(sig.v) });
}

const MAIL = {
  domain: {
    name: "Ether Mail",
    version: "1",
    chainId: 1,
    verifyingContract: "0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC",
  },
  types: {
    Person: [
      { name: "name", type: "string" },
      { name: "wallet", type: "address" },
    ],
    Mail: [
      { name: "from", type: "Person" },
      { name: "to", type: "Person" },
      { name: "contents", type: "string" },
      { name: "amount", type: "uint256" },
    ],
  },
  primaryType: "Mail",
  message: {
    from: { name: "Cow", wallet: "0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826" },
    to: { name: "Bob", wallet: "0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB" },
    contents: "Hello, Bob!",
    amount: 2n ** 200n + 7n,
  },
} as const;

/**
 * viem's WalletClient.signTypedData adds the EIP712Domain type (these four fields for this domain)
 * before calling the account, and serializeTypedData (what @turnkey/viem sends) keeps the domain
 * only when that type is present.
 */
const MAIL_AS_WALLET_CLIENT_SENDS_IT = {
  ...MAIL,
  domain: { ...MAIL.domain, chainId: 1n },
  types: {
    EIP712Domain: [
      { name: "name", type: "string" },
      { name: "version", type: "string" },
      { name: "chainId", type: "uint256" },
      { name: "verifyingContract", type: "address" },
    ],
    ...MAIL.types,
  },
} as const;

describe("Ethereum messages through signRawPayload, as the official clients send them", () => {
  it("personal_sign via @turnkey/viem: hashMessage output (0x hex) with HEXADECIMAL × NO_OP", async () => {
    const message = "Sign in to Latchkey";
    const sig = signRawPayload(
      key,
      hashMessage(message),
      "PAYLOAD_ENCODING_HEXADECIMAL",
      "HASH_FUNCTION_NO_OP",
    );
    const signature = asEthereumSignature(sig);
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true);
    expect(signature).toBe(await account.signMessage({ message }));
  });

  it("personal_sign via @turnkey/core: prefixed message as 0x hex with HEXADECIMAL × KECCAK256", async () => {
    const message = "Sign in to Latchkey";
    const bytes = toBytes(`\x19Ethereum Signed Message:\n${message.length}${message}`);
    const sig = signRawPayload(
      key,
      bytesToHex(bytes),
      "PAYLOAD_ENCODING_HEXADECIMAL",
      "HASH_FUNCTION_KECCAK256",
    );
    expect(
      await verifyMessage({ address: account.address, message, signature: asEthereumSignature(sig) }),
    ).toBe(true);
  });

  it("EIP-712 via @turnkey/viem: serializeTypedData JSON with EIP712 × NO_OP verifies as typed data", async () => {
    const payload = serializeTypedData(MAIL_AS_WALLET_CLIENT_SENDS_IT);
    const signature = asEthereumSignature(
      signRawPayload(key, payload, "PAYLOAD_ENCODING_EIP712", "HASH_FUNCTION_NO_OP"),
    );
    expect(await verifyTypedData({ address: account.address, ...MAIL, signature })).toBe(true);
    // Same digest and RFC 6979 nonce as viem's own local account, so the very same bytes.
    expect(signature).toBe(await account.signTypedData(MAIL));
  });

  it("EIP-712 with an explicit EIP712Domain type and ethers-style stringified numbers", async () => {
    const typed = {
      ...MAIL,
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        ...MAIL.types,
      },
      domain: { ...MAIL.domain, chainId: "1" },
      message: { ...MAIL.message, amount: (2n ** 200n + 7n).toString() },
    };
    const sig = signRawPayload(key, JSON.stringify(typed), "PAYLOAD_ENCODING_EIP712", "HASH_FUNCTION_NO_OP");
    const recovered = await recoverTypedDataAddress({ ...MAIL, signature: asEthereumSignature(sig) });
    expect(recovered).toBe(account.address);
  });

  it("EIP-712 signs exactly the document sent: serializeTypedData without EIP712Domain sends an empty domain", async () => {
    // @turnkey/viem's account.signTypedData called directly with types lacking EIP712Domain sends
    // `"domain":{}`; the digest is then the empty domain's, and that is what gets signed.
    const payload = serializeTypedData(MAIL);
    expect(JSON.parse(payload).domain).toEqual({});
    const sig = signRawPayload(key, payload, "PAYLOAD_ENCODING_EIP712", "HASH_FUNCTION_NO_OP");
    const signature = asEthereumSignature(sig);
    expect(await recoverTypedDataAddress({ ...MAIL, domain: {}, signature })).toBe(account.address);
    expect(await recoverTypedDataAddress({ ...MAIL, signature })).not.toBe(account.address);
  });

  it("EIP-712 with a P-256 key signs the EIP-712 digest", () => {
    const privateKey = hexToBytes("22".repeat(32));
    const p256Key: KeyPair = { curve: "CURVE_P256", privateKey, publicKey: p256.getPublicKey(privateKey) };
    const sig = signRawPayload(
      p256Key,
      serializeTypedData(MAIL_AS_WALLET_CLIENT_SENDS_IT),
      "PAYLOAD_ENCODING_EIP712",
      "HASH_FUNCTION_NO_OP",
    );
    const digest = hexToBytes(hashTypedData(MAIL).slice(2));
    expect(p256.verify(hexToBytes(sig.r + sig.s), digest, p256Key.publicKey, { prehash: false })).toBe(true);
  });

  it("EIP-7702 via @turnkey/viem: JSON {address, chainId, nonce} with EIP7702_AUTHORIZATION × NO_OP", async () => {
    const authorization = {
      address: "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B",
      chainId: 11155111,
      nonce: 42,
    } as const;
    const sig = signRawPayload(
      key,
      JSON.stringify(authorization),
      "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
      "HASH_FUNCTION_NO_OP",
    );
    // @turnkey/viem builds {..., r: `0x${r}`, s: `0x${s}`, yParity: Number(v)} from the result.
    const signed = {
      ...authorization,
      r: `0x${sig.r}` as Hex,
      s: `0x${sig.s}` as Hex,
      yParity: Number(sig.v),
    };
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(account.address);
    const viemSigned = await account.signAuthorization(authorization);
    expect({ r: viemSigned.r, s: viemSigned.s, yParity: viemSigned.yParity }).toEqual({
      r: signed.r,
      s: signed.s,
      yParity: signed.yParity,
    });
  });

  it("EIP-7702 with chainId 0 (any chain), nonce 0, contractAddress alias and string integers", async () => {
    const cases = [
      {
        json: { address: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b", chainId: 0, nonce: 0 },
        chainId: 0,
        nonce: 0,
      },
      {
        json: {
          contractAddress: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b",
          chainId: "8453",
          nonce: "0x10",
        },
        chainId: 8453,
        nonce: 16,
      },
    ];
    for (const { json, chainId, nonce } of cases) {
      const sig = signRawPayload(
        key,
        JSON.stringify(json),
        "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
        "HASH_FUNCTION_NO_OP",
      );
      const address = "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b" as const;
      const digest = hashAuthorization({ address, chainId, nonce });
      expect(
        secp256k1.verify(hexToBytes(sig.r + sig.s), hexToBytes(digest.slice(2)), key.publicKey, {
          prehash: false,
        }),
      ).toBe(true);
      const authorization = { address, chainId, nonce, r: `0x${sig.r}` as Hex, s: `0x${sig.s}` as Hex };
      expect(
        await recoverAuthorizationAddress({ authorization: { ...authorization, yParity: Number(sig.v) } }),
      ).toBe(account.address);
    }
  });
});

describe("malformed Ethereum payloads are refused naming the payload", () => {
  const refuse = (
    payload: string,
    encoding: "PAYLOAD_ENCODING_EIP712" | "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION",
  ) => expect(() => signRawPayload(key, payload, encoding, "HASH_FUNCTION_NO_OP"));

  it.each([
    ["not JSON", "{types:"],
    ["a JSON array", "[]"],
    ["no types", JSON.stringify({ primaryType: "Mail", domain: {}, message: {} })],
    [
      "an undefined primary type",
      JSON.stringify({ ...JSON.parse(serializeTypedData(MAIL)), primaryType: "Letter" }),
    ],
    [
      "a value out of its type's range",
      JSON.stringify({
        types: { T: [{ name: "n", type: "uint8" }] },
        primaryType: "T",
        domain: { name: "x" },
        message: { n: 300 },
      }),
    ],
    [
      "a malformed address",
      JSON.stringify({
        types: { T: [{ name: "a", type: "address" }] },
        primaryType: "T",
        domain: { name: "x" },
        message: { a: "0x1234" },
      }),
    ],
  ])("EIP-712 payload with %s", (_, payload) => {
    refuse(payload, "PAYLOAD_ENCODING_EIP712").toThrow(InputError);
    refuse(payload, "PAYLOAD_ENCODING_EIP712").toThrow(/payload/);
  });

  it.each([
    ["not JSON", "0x1234"],
    ["no address", JSON.stringify({ chainId: 1, nonce: 0 })],
    [
      "a bad checksum",
      JSON.stringify({ address: "0x63C0c19a282a1B52b07dD5a65b58948A07DAE32B", chainId: 1, nonce: 0 }),
    ],
    [
      "a negative nonce",
      JSON.stringify({ address: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b", chainId: 1, nonce: -1 }),
    ],
    [
      "an unsafe integer",
      '{"address":"0x63c0c19a282a1b52b07dd5a65b58948a07dae32b","chainId":1,"nonce":9007199254740993}',
    ],
    [
      "a nonce beyond 2^64-1",
      JSON.stringify({
        address: "0x63c0c19a282a1b52b07dd5a65b58948a07dae32b",
        chainId: 1,
        nonce: (2n ** 64n).toString(),
      }),
    ],
  ])("EIP-7702 payload with %s", (_, payload) => {
    refuse(payload, "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION").toThrow(InputError);
    refuse(payload, "PAYLOAD_ENCODING_EIP7702_AUTHORIZATION").toThrow(/payload/);
  });
});
