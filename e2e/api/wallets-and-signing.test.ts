import { ed25519 } from "@noble/curves/ed25519.js";
import {
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
} from "@solana/web3.js";
import { decryptExportBundle, generateP256KeyPair } from "@turnkey/crypto";
import { Turnkey } from "@turnkey/sdk-server";
import { TurnkeySigner } from "@turnkey/solana";
import { createAccount } from "@turnkey/viem";
import { parseGwei, recoverTransactionAddress, verifyMessage, verifyTypedData } from "viem";
import { mnemonicToAccount } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type RunningServer, startServer } from "../support/server";
import { fetchServerSigningKey } from "../support/server-signing-key";

/**
 * The proof: code written for the official clients, pointed at a started Latchkey, signs
 * with its keys, and what it signs verifies with independent libraries.
 */

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;
let walletId: string;
let ethAddress: `0x${string}`;
let solAddress: string;

beforeAll(async () => {
  server = await startServer();
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
  const created = await client.createWallet({
    walletName: "Black-box wallet",
    accounts: [
      {
        curve: "CURVE_SECP256K1",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/60'/0'/0/0",
        addressFormat: "ADDRESS_FORMAT_ETHEREUM",
      },
      {
        curve: "CURVE_ED25519",
        pathFormat: "PATH_FORMAT_BIP32",
        path: "m/44'/501'/0'/0'",
        addressFormat: "ADDRESS_FORMAT_SOLANA",
      },
    ],
  });
  walletId = created.walletId;
  ethAddress = created.addresses[0] as `0x${string}`;
  solAddress = created.addresses[1]!;
});
afterAll(async () => server?.stop());

describe("@turnkey/viem against Latchkey", () => {
  it("signs a message, typed data and an EIP-1559 transaction that recover to the account's address", async () => {
    const account = await createAccount({
      client,
      organizationId: server.root.organizationId,
      signWith: ethAddress,
    });
    expect(account.address).toBe(ethAddress);

    const message = "Latchkey says hello";
    const signature = await account.signMessage({ message });
    expect(await verifyMessage({ address: ethAddress, message, signature })).toBe(true);

    const typedData = {
      domain: {
        name: "Latchkey",
        version: "1",
        chainId: 1n,
        verifyingContract: "0x000000000000000000000000000000000000dEaD",
      },
      // EIP712Domain listed explicitly: @turnkey/viem's account.signTypedData serializes the domain
      // only for the types it is given (a WalletClient adds EIP712Domain itself; a bare account does not).
      types: {
        EIP712Domain: [
          { name: "name", type: "string" },
          { name: "version", type: "string" },
          { name: "chainId", type: "uint256" },
          { name: "verifyingContract", type: "address" },
        ],
        Mail: [
          { name: "to", type: "address" },
          { name: "contents", type: "string" },
        ],
      },
      primaryType: "Mail",
      message: { to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8", contents: "approve me" },
    } as const;
    const typedSignature = await account.signTypedData(typedData);
    expect(await verifyTypedData({ address: ethAddress, signature: typedSignature, ...typedData })).toBe(
      true,
    );

    const signedTransaction = await account.signTransaction({
      type: "eip1559",
      chainId: 31337,
      nonce: 0,
      to: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
      value: 1n,
      gas: 21_000n,
      maxFeePerGas: parseGwei("20"),
      maxPriorityFeePerGas: parseGwei("1"),
    });
    expect(await recoverTransactionAddress({ serializedTransaction: signedTransaction as never })).toBe(
      ethAddress,
    );
  });
});

describe("@turnkey/solana against Latchkey", () => {
  it("adds a signature to a legacy transaction and to a v0 transaction that ed25519-verify", async () => {
    const signer = new TurnkeySigner({ organizationId: server.root.organizationId, client });
    const from = new PublicKey(solAddress);
    const to = Keypair.generate().publicKey;
    const blockhash = "GfVcyD4kkTrj4bKc7WA9sZCin9JDbdT4Zkd3EittNR1W";

    const legacy = new Transaction({ feePayer: from, recentBlockhash: blockhash }).add(
      SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 1_000 }),
    );
    await signer.addSignature(legacy, solAddress);
    expect(legacy.verifySignatures()).toBe(true);

    const v0 = new VersionedTransaction(
      new TransactionMessage({
        payerKey: from,
        recentBlockhash: blockhash,
        instructions: [SystemProgram.transfer({ fromPubkey: from, toPubkey: to, lamports: 2_000 })],
      }).compileToV0Message(),
    );
    await signer.addSignature(v0, solAddress);
    expect(ed25519.verify(v0.signatures[0]!, v0.message.serialize(), from.toBytes())).toBe(true);

    const message = new TextEncoder().encode("sign in to Latchkey");
    const signature = await signer.signMessage(message, solAddress);
    expect(ed25519.verify(signature, message, from.toBytes())).toBe(true);
  });
});

describe("export through @turnkey/crypto", () => {
  it("exportWallet opens, with the pinned server key, to the mnemonic behind the addresses", async () => {
    const publicKey = await fetchServerSigningKey(server);
    const target = generateP256KeyPair();
    const { exportBundle } = await client.exportWallet({
      walletId,
      targetPublicKey: target.publicKeyUncompressed,
    });
    const mnemonic = await decryptExportBundle({
      exportBundle,
      embeddedKey: target.privateKey,
      organizationId: server.root.organizationId,
      returnMnemonic: true,
      dangerouslyOverrideSignerPublicKey: publicKey,
    });
    expect(mnemonicToAccount(mnemonic).address).toBe(ethAddress);
    const { wallet } = await client.getWallet({ walletId });
    expect(wallet.exported).toBe(true);
  });
});
