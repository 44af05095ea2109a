import { bytesToHex, hexToBytes } from "@noble/hashes/utils.js";
import {
  AccountRole,
  type Address,
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  compressTransactionMessageUsingAddressLookupTables,
  createKeyPairFromPrivateKeyBytes,
  createTransactionMessage,
  getAddressFromPublicKey,
  getBase58Encoder,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../encoding/input-error";
import { signSolanaTransaction } from "../signing/solana-transaction";

interface Signer {
  seed: Uint8Array;
  keys: CryptoKeyPair;
  address: Address;
  publicKey: Uint8Array;
}

/** Keys come from @solana/kit (WebCrypto), independent of the noble code under test. */
async function signer(seedByte: number): Promise<Signer> {
  const seed = new Uint8Array(32).fill(seedByte);
  const keys = await createKeyPairFromPrivateKeyBytes(seed);
  const addr = await getAddressFromPublicKey(keys.publicKey);
  return { seed, keys, address: addr, publicKey: new Uint8Array(getBase58Encoder().encode(addr)) };
}

const SYSTEM_PROGRAM = address("11111111111111111111111111111111");
const LOOKUP_TABLE = address("AddressLookupTab1e1111111111111111111111111");
const RECIPIENT = address("9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin");
const BLOCKHASH = {
  blockhash: blockhash("EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N"),
  lastValidBlockHeight: 100n,
};

/** A system transfer out of `from`, which makes `from` a required signer. */
function transferFrom(from: Signer) {
  const data = new Uint8Array(12);
  new DataView(data.buffer).setUint32(0, 2, true); // SystemInstruction::Transfer
  new DataView(data.buffer).setBigUint64(4, 1_000_000n, true);
  return {
    programAddress: SYSTEM_PROGRAM,
    accounts: [
      { address: from.address, role: AccountRole.WRITABLE_SIGNER },
      { address: RECIPIENT, role: AccountRole.WRITABLE },
    ],
    data,
  };
}

/** Two required signers, fee payer first: a v0 message. */
function transferMessage(feePayer: Signer, from: Signer) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(feePayer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstruction(transferFrom(from), m),
  );
}

/** The same as a legacy message. */
function legacyTransferMessage(feePayer: Signer, from: Signer) {
  return pipe(
    createTransactionMessage({ version: "legacy" }),
    (m) => setTransactionMessageFeePayer(feePayer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
    (m) => appendTransactionMessageInstruction(transferFrom(from), m),
  );
}

function wireHex(transaction: Parameters<ReturnType<typeof getTransactionEncoder>["encode"]>[0]): string {
  return bytesToHex(new Uint8Array(getTransactionEncoder().encode(transaction)));
}

function decode(hex: string) {
  return getTransactionDecoder().decode(hexToBytes(hex));
}

let payer: Signer;
let ours: Signer;
let stranger: Signer;
beforeAll(async () => {
  [payer, ours, stranger] = await Promise.all([signer(1), signer(2), signer(3)]);
});

describe("signSolanaTransaction", () => {
  const variants = {
    legacy: () => compileTransaction(legacyTransferMessage(payer, ours)),
    v0: () => compileTransaction(transferMessage(payer, ours)),
    "v0 with an address lookup table": () =>
      compileTransaction(
        compressTransactionMessageUsingAddressLookupTables(transferMessage(payer, ours), {
          [LOOKUP_TABLE]: [RECIPIENT],
        }),
      ),
  };

  for (const [name, build] of Object.entries(variants)) {
    it(`${name}: fills our slot with a signature over the message, leaves the fee payer's empty slot alone`, async () => {
      const unsigned = build();
      const signedHex = signSolanaTransaction(ours.seed, ours.publicKey, wireHex(unsigned));
      expect(signedHex).toMatch(/^[0-9a-f]+$/); // no 0x: @turnkey/solana does Buffer.from(result, "hex")

      const signed = decode(signedHex);
      expect(new Uint8Array(signed.messageBytes)).toEqual(new Uint8Array(unsigned.messageBytes));
      expect(Object.keys(signed.signatures)).toEqual([payer.address, ours.address]);
      expect(signed.signatures[payer.address]).toBeNull();
      const ourSignature = signed.signatures[ours.address] as SignatureBytes;
      expect(await verifySignature(ours.keys.publicKey, ourSignature, signed.messageBytes)).toBe(true);
    });

    it(`${name}: keeps a signature another signer already added, and accepts 0x-prefixed hex`, async () => {
      const payerSigned = await partiallySignTransaction([payer.keys], build());
      const payerSignature = payerSigned.signatures[payer.address]!;
      const signed = decode(signSolanaTransaction(ours.seed, ours.publicKey, `0x${wireHex(payerSigned)}`));

      expect(new Uint8Array(signed.signatures[payer.address]!)).toEqual(new Uint8Array(payerSignature));
      expect(
        await verifySignature(payer.keys.publicKey, signed.signatures[payer.address]!, signed.messageBytes),
      ).toBe(true);
      expect(
        await verifySignature(ours.keys.publicKey, signed.signatures[ours.address]!, signed.messageBytes),
      ).toBe(true);
    });
  }

  it("signs as the fee payer (slot 0) too", async () => {
    const unsigned = compileTransaction(transferMessage(ours, payer));
    const signed = decode(signSolanaTransaction(ours.seed, ours.publicKey, wireHex(unsigned)));
    expect(
      await verifySignature(ours.keys.publicKey, signed.signatures[ours.address]!, signed.messageBytes),
    ).toBe(true);
    expect(signed.signatures[payer.address]).toBeNull();
  });

  it("is byte-for-byte what @solana/kit's own signer produces (ed25519 is deterministic)", async () => {
    const unsigned = compileTransaction(transferMessage(payer, ours));
    const kitSigned = await partiallySignTransaction([ours.keys], unsigned);
    expect(signSolanaTransaction(ours.seed, ours.publicKey, wireHex(unsigned))).toBe(wireHex(kitSigned));
  });
});

describe("signSolanaTransaction refuses, naming unsignedTransaction", () => {
  const unsignedHex = () => wireHex(compileTransaction(transferMessage(payer, ours)));
  const refuses = (hex: string, reason: RegExp, who: Signer = ours) => {
    const attempt = () => signSolanaTransaction(who.seed, who.publicKey, hex);
    expect(attempt).toThrow(InputError);
    expect(attempt).toThrow(/unsignedTransaction/);
    expect(attempt).toThrow(reason);
  };

  it("a key that is not among the required signers", () => {
    refuses(
      unsignedHex(),
      new RegExp(`does not list ${stranger.address} among its required signers`),
      stranger,
    );
  });

  it("a key that appears in the transaction only as a non-signing account", async () => {
    const recipient = await signer(9);
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(BLOCKHASH, m),
      (m) =>
        appendTransactionMessageInstruction(
          {
            programAddress: SYSTEM_PROGRAM,
            accounts: [{ address: recipient.address, role: AccountRole.WRITABLE }],
            data: new Uint8Array([1]),
          },
          m,
        ),
    );
    refuses(wireHex(compileTransaction(message)), /among its required signers/, recipient);
  });

  it("garbage, truncation, trailing bytes and a bare message without signature slots", () => {
    const hex = unsignedHex();
    refuses("zz", /not valid hex/);
    refuses("", /ends inside/);
    refuses(hex.slice(0, -2), /ends inside/);
    refuses(`${hex}00`, /unexpected bytes after the message/);
    const messageOnly = bytesToHex(
      new Uint8Array(compileTransaction(transferMessage(payer, ours)).messageBytes),
    );
    expect(() => signSolanaTransaction(ours.seed, ours.publicKey, messageOnly)).toThrow(InputError);
  });

  it("a signature-slot count that disagrees with the message header", () => {
    const bytes = hexToBytes(unsignedHex());
    expect(bytes[0]).toBe(2);
    // One slot fewer: drop the first 64-byte slot and say 1.
    const fewer = new Uint8Array([1, ...bytes.subarray(1 + 64)]);
    refuses(bytesToHex(fewer), /1 signature slots but its message requires 2 signatures/);
  });

  it("a message version other than legacy or v0", () => {
    const bytes = hexToBytes(unsignedHex());
    const messageStart = 1 + 2 * 64;
    expect(bytes[messageStart]).toBe(0x80);
    bytes[messageStart] = 0x81;
    refuses(bytesToHex(bytes), /message version 1/);
  });
});
