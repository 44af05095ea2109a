/**
 * The official clients' own post-processing applied to our results: @turnkey/viem and @turnkey/solana
 * call `client.signRawPayload` / `client.signTransaction` and turn {r, s, v} or `signedTransaction`
 * into signatures and transactions. Here their client is an in-process stand-in for the HTTP API
 * that answers with the signing functions under test, so what is checked is that the result formats
 * (v "00"/"01", hex without 0x, full Solana wire format) are the ones the clients expect.
 */
import { createPublicKey, verify } from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { secp256k1 } from "@noble/curves/secp256k1.js";
import { hexToBytes } from "@noble/hashes/utils.js";
import { createAccount } from "@turnkey/viem";
import {
  type Hex,
  hashMessage,
  parseGwei,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
} from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { recoverAuthorizationAddress } from "viem/utils";
import { beforeAll, describe, expect, it } from "vitest";
import { signEthereumTransaction } from "../signing/ethereum-transaction";
import { signRawPayload } from "../signing/raw-payload";
import { signSolanaTransaction } from "../signing/solana-transaction";
import type { HashFunction, KeyPair, PayloadEncoding } from "../types";

const COMPLETED = { id: "in-process", status: "ACTIVITY_STATUS_COMPLETED" };

interface SignRawPayloadCall {
  signWith: string;
  payload: string;
  encoding: PayloadEncoding;
  hashFunction: HashFunction;
}
interface SignTransactionCall {
  signWith: string;
  unsignedTransaction: string;
  type: string;
}

/** Answers as the API would for one key, refusing any other signWith. */
function inProcessClient(
  signWith: string,
  key: KeyPair,
  signTransaction: (unsignedTransaction: string, type: string) => string,
) {
  const check = (call: { signWith: string }) => expect(call.signWith).toBe(signWith);
  return {
    async signRawPayload(call: SignRawPayloadCall) {
      check(call);
      return { activity: COMPLETED, ...signRawPayload(key, call.payload, call.encoding, call.hashFunction) };
    },
    async signRawPayloads(call: Omit<SignRawPayloadCall, "payload"> & { payloads: string[] }) {
      check(call);
      const signatures = call.payloads.map((p) => signRawPayload(key, p, call.encoding, call.hashFunction));
      return { activity: COMPLETED, signatures };
    },
    async signTransaction(call: SignTransactionCall) {
      check(call);
      return { activity: COMPLETED, signedTransaction: signTransaction(call.unsignedTransaction, call.type) };
    },
  };
}

describe("@turnkey/viem account backed by these signing functions", () => {
  const privateKey: Hex = "0x1f4f4ba8d0b3c1d6d63d3e6ae5ad1c2b4ba0b2b6a8c1e4f5d9e0a7b3c2d1e0f9";
  const local = privateKeyToAccount(privateKey);
  const bytes = hexToBytes(privateKey.slice(2));
  const key: KeyPair = {
    curve: "CURVE_SECP256K1",
    privateKey: bytes,
    publicKey: secp256k1.getPublicKey(bytes),
  };
  const client = inProcessClient(local.address, key, (unsigned, type) => {
    expect(type).toBe("TRANSACTION_TYPE_ETHEREUM");
    return signEthereumTransaction(bytes, unsigned);
  });
  let account: Awaited<ReturnType<typeof createAccount>>;
  beforeAll(async () => {
    account = await createAccount({
      client: client as never,
      organizationId: "org",
      signWith: local.address,
    });
  });

  it("signMessage verifies with viem and equals a local account's signature", async () => {
    const signature = await account.signMessage({ message: "gm from Latchkey" });
    expect(await verifyMessage({ address: local.address, message: "gm from Latchkey", signature })).toBe(
      true,
    );
    expect(signature).toBe(await local.signMessage({ message: "gm from Latchkey" }));
  });

  it("sign({hash}) signs the raw digest", async () => {
    const hash = hashMessage("raw digest");
    expect(await account.sign!({ hash })).toBe(await local.sign({ hash }));
  });

  it("signTypedData verifies with viem", async () => {
    const domain = {
      name: "Latchkey",
      version: "1",
      chainId: 10n,
      verifyingContract: local.address,
    } as const;
    const typedData = {
      domain,
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Permit: [
          { name: "owner", type: "address" },
          { name: "value", type: "uint256" },
          { name: "deadline", type: "uint256" },
        ],
      },
      primaryType: "Permit",
      message: { owner: local.address, value: 10n ** 24n, deadline: 1_900_000_000n },
    } as const;
    const signature = await account.signTypedData(typedData);
    expect(await verifyTypedData({ address: local.address, ...typedData, signature })).toBe(true);
  });

  it("signAuthorization (EIP-7702) recovers to the account", async () => {
    const signed = await account.signAuthorization!({
      contractAddress: "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B",
      chainId: 1,
      nonce: 4,
    });
    expect(await recoverAuthorizationAddress({ authorization: signed })).toBe(local.address);
  });

  it("signTransaction returns a broadcastable 0x transaction for EIP-1559, EIP-4844 and EIP-7702", async () => {
    const base = {
      chainId: 1,
      nonce: 2,
      gas: 90000n,
      maxFeePerGas: parseGwei("20"),
      maxPriorityFeePerGas: parseGwei("1"),
      to: "0x70997970c51812dc3a010c7d01b50e0d17dc79c8",
    } as const;
    const authorization = await local.signAuthorization({
      contractAddress: "0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B",
      chainId: 1,
      nonce: 3,
    });
    const transactions = [
      { ...base, type: "eip1559", value: 5n },
      {
        ...base,
        type: "eip4844",
        maxFeePerBlobGas: parseGwei("2"),
        blobVersionedHashes: ["0x01a915e4d060149eb4365960e6a7a45f334393093061116b197e3240065ff2d8"],
      },
      { ...base, type: "eip7702", authorizationList: [authorization] },
    ] as const;
    for (const transaction of transactions) {
      const signed = await account.signTransaction(transaction);
      expect(signed.startsWith("0x")).toBe(true);
      expect(await recoverTransactionAddress({ serializedTransaction: signed } as never)).toBe(local.address);
      expect(signed).toBe(await local.signTransaction(transaction));
    }
  });
});

/* @turnkey/solana is written against @solana/web3.js 1.x, which it carries as its own dependency. */
interface PublicKeyV1 {
  toBase58(): string;
  toBytes(): Uint8Array;
}
interface KeypairV1 {
  publicKey: PublicKeyV1;
}
interface LegacyTransactionV1 {
  signatures: { publicKey: PublicKeyV1; signature: Uint8Array | null }[];
  add(instruction: unknown): LegacyTransactionV1;
  partialSign(...signers: KeypairV1[]): void;
  serializeMessage(): Uint8Array;
  verifySignatures(requireAllSignatures?: boolean): boolean;
}
interface VersionedTransactionV1 {
  version: number | "legacy";
  signatures: Uint8Array[];
  message: { serialize(): Uint8Array; staticAccountKeys: PublicKeyV1[] };
  sign(signers: KeypairV1[]): void;
}
interface Web3V1 {
  Keypair: { fromSeed(seed: Uint8Array): KeypairV1 };
  Transaction: new (options: { feePayer: PublicKeyV1; recentBlockhash: string }) => LegacyTransactionV1;
  VersionedTransaction: new (message: unknown) => VersionedTransactionV1;
  TransactionMessage: new (args: {
    payerKey: PublicKeyV1;
    recentBlockhash: string;
    instructions: unknown[];
  }) => { compileToV0Message(): unknown };
  SystemProgram: {
    transfer(args: { fromPubkey: PublicKeyV1; toPubkey: PublicKeyV1; lamports: number }): unknown;
  };
}
interface TurnkeySolanaSigner {
  signTransaction<T>(transaction: T, fromAddress: string): Promise<T>;
  addSignature(transaction: unknown, fromAddress: string): Promise<void>;
  signAllTransactions<T>(transactions: T[], fromAddress: string): Promise<T[]>;
  signMessage(message: Uint8Array, fromAddress: string): Promise<Uint8Array>;
}

// Load @turnkey/solana and the web3.js it resolves from one require, so their classes match.
const requireFromSolanaClient = createRequire(
  path.join(process.cwd(), "node_modules/@turnkey/solana/dist/index.js"),
);
const web3 = requireFromSolanaClient("@solana/web3.js") as Web3V1;
const { TurnkeySigner } = requireFromSolanaClient("@turnkey/solana") as {
  TurnkeySigner: new (input: { organizationId: string; client: unknown }) => TurnkeySolanaSigner;
};

function ed25519Verifies(publicKey: Uint8Array, message: Uint8Array, signature: Uint8Array): boolean {
  const jwk = { kty: "OKP", crv: "Ed25519", x: Buffer.from(publicKey).toString("base64url") };
  return verify(null, message, createPublicKey({ key: jwk, format: "jwk" }), signature);
}

describe("@turnkey/solana TurnkeySigner backed by these signing functions", () => {
  const seed = new Uint8Array(32).fill(21);
  const ours = web3.Keypair.fromSeed(seed);
  const payer = web3.Keypair.fromSeed(new Uint8Array(32).fill(22));
  const recipient = web3.Keypair.fromSeed(new Uint8Array(32).fill(23)).publicKey;
  const recentBlockhash = "EkSnNWid2cvwEVnVx9aBqawnmiCNiDgp3gUdkDPTKN1N";
  const key: KeyPair = { curve: "CURVE_ED25519", privateKey: seed, publicKey: ours.publicKey.toBytes() };
  const client = inProcessClient(ours.publicKey.toBase58(), key, (unsigned, type) => {
    expect(type).toBe("TRANSACTION_TYPE_SOLANA");
    return signSolanaTransaction(seed, key.publicKey, unsigned);
  });
  const signer = new TurnkeySigner({ organizationId: "org", client });
  const from = ours.publicKey.toBase58();
  const transfer = () =>
    web3.SystemProgram.transfer({ fromPubkey: ours.publicKey, toPubkey: recipient, lamports: 5 });

  const legacy = () => {
    const tx = new web3.Transaction({ feePayer: payer.publicKey, recentBlockhash }).add(transfer());
    tx.partialSign(payer);
    return tx;
  };
  const versioned = () => {
    const message = new web3.TransactionMessage({
      payerKey: payer.publicKey,
      recentBlockhash,
      instructions: [transfer()],
    }).compileToV0Message();
    const tx = new web3.VersionedTransaction(message);
    tx.sign([payer]);
    return tx;
  };

  it("signTransaction (sign_transaction) on a legacy Transaction: both signatures verify", async () => {
    const signed = await signer.signTransaction(legacy(), from);
    expect(signed.signatures.map((s) => s.publicKey.toBase58())).toEqual([payer.publicKey.toBase58(), from]);
    expect(signed.verifySignatures(true)).toBe(true);
  });

  it("signTransaction (sign_transaction) on a v0 VersionedTransaction: both signatures verify", async () => {
    const signed = await signer.signTransaction(versioned(), from);
    expect(signed.version).toBe(0);
    const message = signed.message.serialize();
    signed.message.staticAccountKeys.slice(0, 2).forEach((publicKey, i) => {
      expect(ed25519Verifies(publicKey.toBytes(), message, signed.signatures[i]!)).toBe(true);
    });
  });

  it("addSignature and signAllTransactions (sign_raw_payload(s), NOT_APPLICABLE) add verifying signatures", async () => {
    const one = legacy();
    await signer.addSignature(one, from);
    expect(one.verifySignatures(true)).toBe(true);
    const [a, b] = await signer.signAllTransactions([legacy(), legacy()], from);
    expect(a!.verifySignatures(true) && b!.verifySignatures(true)).toBe(true);
  });

  it("signMessage returns the 64-byte r‖s ed25519 signature", async () => {
    const message = new TextEncoder().encode("Latchkey off-chain message");
    const signature = await signer.signMessage(message, from);
    expect(signature.length).toBe(64);
    expect(ed25519Verifies(key.publicKey, message, signature)).toBe(true);
  });
});
