import { type Address, createSolanaRpc, generateKeyPairSigner } from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { Turnkey } from "@turnkey/sdk-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT } from "../../lib/api/assets";
import {
  rawCall,
  splTransferInstructions,
  unsignedHex,
  unsignedTransferHex,
} from "../../server/testing/solana-kit";
import { type RunningServer, startServer } from "../support/server";
import { send, signActivity } from "../support/signed";

/**
 * sol_send_transaction and list_sol_transaction_history as a client sees them: @turnkey/sdk-server
 * against the started server, transactions built with @solana/kit, balances read with kit's RPC
 * client over /rpc/<caip2>. The unit tests prove each rule; this proves the SDK path carries them.
 */

const DEVNET = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
const MAINNET = "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp";
const USDC = `${DEVNET}/token:${DEVNET_USDC_MINT}`;
const MINT = DEVNET_USDC_MINT as Address;

let server: RunningServer;
let client: ReturnType<Turnkey["apiClient"]>;
let user: Address;
let station: Address;
const url = (caip2: string) => `${server.baseUrl}/rpc/${caip2}`;
const rpc = (caip2 = DEVNET) => createSolanaRpc(url(caip2));
const faucet = (caip2: string, params: unknown[]) => rawCall(url(caip2), "latchkey_faucet", params);
const lamports = async (address: Address) => (await rpc().getBalance(address).send()).value;
const usdcOf = async (owner: Address) => {
  const [ata] = await findAssociatedTokenPda({ owner, mint: MINT, tokenProgram: TOKEN_PROGRAM_ADDRESS });
  return (await rpc().getTokenAccountBalance(ata).send()).value.amount;
};
const newAddress = async () => (await generateKeyPairSigner()).address;
type Caip2 = Parameters<typeof client.solSendTransaction>[0]["caip2"];

/** Submit through the SDK and wait with its own pollTransactionStatus: the final status and the activity. */
async function sendAndPoll(parameters: {
  unsignedTransaction: string;
  signWiths: string[];
  caip2?: string;
  sponsor?: boolean;
  recentBlockhash?: string;
}) {
  const accepted = await client.solSendTransaction({
    ...parameters,
    caip2: (parameters.caip2 ?? DEVNET) as Caip2,
  });
  const final = await client.pollTransactionStatus({
    sendTransactionStatusId: accepted.sendTransactionStatusId,
    pollingIntervalMs: 100,
  });
  return { accepted, final, signature: final.solana!.signature! };
}

beforeAll(async () => {
  server = await startServer();
  client = new Turnkey({
    apiBaseUrl: server.baseUrl,
    apiPublicKey: server.root.publicKey,
    apiPrivateKey: server.root.privateKey,
    defaultOrganizationId: server.root.organizationId,
    activityPoller: { intervalMs: 50, numRetries: 1 },
  }).apiClient();
  const account = (path: string) =>
    ({
      curve: "CURVE_ED25519",
      pathFormat: "PATH_FORMAT_BIP32",
      path,
      addressFormat: "ADDRESS_FORMAT_SOLANA",
    }) as const;
  const { addresses } = await client.createWallet({
    walletName: "Solana",
    accounts: [account("m/44'/501'/0'/0'"), account("m/44'/501'/1'/0'")],
  });
  [user, station] = addresses as [Address, Address];
  for (const caip2 of [DEVNET, MAINNET]) await faucet(caip2, [user, "native", "3000000000"]);
  await faucet(DEVNET, [station, "native", "1000000000"]);
  await faucet(DEVNET, [user, USDC, "10000000"]);
  // The organization's Solana gas station: a Latchkey extension activity, so a stamped request of its own.
  const configured = await send(
    server.baseUrl,
    await signActivity(
      server.root,
      "upsert_gas_usage_config",
      "ACTIVITY_TYPE_UPSERT_GAS_USAGE_CONFIG",
      server.root.organizationId,
      {
        enabled: true,
        orgWindowLimitUsd: "100",
        windowDurationMinutes: "60",
        solanaGasStationAddress: station,
      },
    ),
  );
  expect(configured.status, JSON.stringify(configured.body)).toBe(200);
}, 120_000);
afterAll(async () => server?.stop());

const sigs: Record<string, string> = {};

describe("sol_send_transaction through @turnkey/sdk-server", () => {
  it("moves SOL unsponsored, with the message's blockhash and with a recentBlockhash given", async () => {
    const [a, b] = [await newAddress(), await newAddress()];
    const own = await sendAndPoll({
      unsignedTransaction: await unsignedTransferHex(rpc(), user, a, 1_500_000n),
      signWiths: [user],
    });
    expect(own.final.txStatus).toBe("COMPLETED");
    // A message built over a blockhash that is no longer valid: the given recentBlockhash replaces it.
    const old = (await rpc().getLatestBlockhash().send()).value;
    await rawCall(url(DEVNET), "latchkey_expireBlockhashes");
    const fresh = (await rpc().getLatestBlockhash().send()).value;
    const given = await sendAndPoll({
      unsignedTransaction: await unsignedTransferHex(rpc(), user, b, 2_500_000n, { blockhash: old }),
      signWiths: [user],
      recentBlockhash: fresh.blockhash,
    });
    expect(given.final.txStatus).toBe("COMPLETED");
    expect(await lamports(a)).toBe(1_500_000n);
    expect(await lamports(b)).toBe(2_500_000n);
    sigs.sol = own.signature;
    sigs.solGiven = given.signature;
  });

  it("moves USDC sponsored by the gas station, with a fresh blockhash and with one given; the user pays no fee", async () => {
    const [a, b] = [await newAddress(), await newAddress()];
    const before = await lamports(user);
    const transfer = async (
      to: Address,
      amount: bigint,
      blockhash?: { blockhash: string; lastValidBlockHeight: bigint },
    ) =>
      unsignedHex(
        rpc(),
        station,
        // The user pays the recipient's token-account rent: a sponsored message may use the gas
        // station only as its fee payer.
        await splTransferInstructions(user, to, MINT, amount, 6, user),
        blockhash,
      );
    const old = (await rpc().getLatestBlockhash().send()).value;
    await rawCall(url(DEVNET), "latchkey_expireBlockhashes");
    // Omitted and sponsored: a fresh blockhash is fetched when signing, so the stale one in the message does not matter.
    const fetched = await sendAndPoll({
      unsignedTransaction: await transfer(a, 1_250_000n, old),
      signWiths: [user],
      sponsor: true,
    });
    expect(fetched.final.txStatus).toBe("COMPLETED");
    const fresh = (await rpc().getLatestBlockhash().send()).value;
    const given = await sendAndPoll({
      unsignedTransaction: await transfer(b, 750_000n, old),
      signWiths: [user],
      sponsor: true,
      recentBlockhash: fresh.blockhash,
    });
    expect(given.final.txStatus).toBe("COMPLETED");
    expect(await usdcOf(a)).toBe("1250000");
    expect(await usdcOf(b)).toBe("750000");
    expect(await usdcOf(user)).toBe("8000000");
    // Two new token accounts' rent (165 bytes each), and no fee.
    expect(await lamports(user)).toBe(before - 2n * 2_039_280n);
    sigs.usdcSponsored = fetched.signature;
    sigs.usdcGiven = given.signature;
  });

  it("fails clearly in get_send_transaction_status when the given recentBlockhash is stale", async () => {
    const stale = (await rpc().getLatestBlockhash().send()).value;
    await rawCall(url(DEVNET), "latchkey_expireBlockhashes");
    const to = await newAddress();
    const accepted = await client.solSendTransaction({
      unsignedTransaction: await unsignedTransferHex(rpc(), user, to, 1_000_000n),
      signWiths: [user],
      caip2: DEVNET,
      recentBlockhash: stale.blockhash,
    });
    await expect(
      client.pollTransactionStatus({
        sendTransactionStatusId: accepted.sendTransactionStatusId,
        pollingIntervalMs: 100,
      }),
    ).rejects.toThrow(/blockhash not found/i);
    const status = await client.getSendTransactionStatus({
      sendTransactionStatusId: accepted.sendTransactionStatusId,
    });
    expect(status.txStatus).toBe("FAILED");
    expect(status.txError).toMatch(/blockhash not found/i);
    expect(await lamports(to)).toBe(0n);
  });

  it("accepts every spelling of both clusters and stores the canonical caip2", async () => {
    const spellings: [string, string][] = [
      ["solana:devnet", DEVNET],
      [DEVNET, DEVNET],
      ["solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG", DEVNET],
      ["solana:mainnet", MAINNET],
      [MAINNET, MAINNET],
      ["solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d", MAINNET],
    ];
    for (const [caip2, canonical] of spellings) {
      const to = await newAddress();
      const { accepted, final } = await sendAndPoll({
        unsignedTransaction: await unsignedTransferHex(rpc(canonical), user, to, 1_000_000n),
        signWiths: [user],
        caip2,
      });
      const intent = (accepted.activity.intent as { solSendTransactionIntentV2: { caip2: string } })
        .solSendTransactionIntentV2;
      expect(intent.caip2, caip2).toBe(canonical);
      expect(final.txStatus).toBe("COMPLETED");
      expect((await rpc(canonical).getBalance(to).send()).value).toBe(1_000_000n);
    }
  });
});

describe("list_sol_transaction_history through @turnkey/sdk-server", () => {
  it("shows the transfers sent above, marked as Latchkey's, sponsored or not", async () => {
    const { transactions } = await client.listSolTransactionHistory({
      address: user,
      caip2: "solana:devnet",
      paginationOptions: { limit: "100" },
    });
    const bySignature = new Map(transactions.map((t) => [t.signature, t]));
    for (const [name, sponsored] of [
      ["sol", false],
      ["solGiven", false],
      ["usdcSponsored", true],
      ["usdcGiven", true],
    ] as const) {
      const item = bySignature.get(sigs[name]!);
      expect(item, name).toBeDefined();
      expect(item!.origin).toBe("TURNKEY");
      expect(item!.turnkey?.sponsored).toBe(sponsored);
      expect(item!.feePayer).toBe(sponsored ? station : user);
    }
    expect(bySignature.get(sigs.usdcSponsored!)!.transfers).toContainEqual(
      expect.objectContaining({
        direction: "OUT",
        amount: "1250000",
        asset: expect.objectContaining({ caip19: USDC }),
      }),
    );
    expect(bySignature.get(sigs.sol!)!.transfers).toEqual([
      expect.objectContaining({ direction: "OUT", amount: "1500000" }),
    ]);
    // The faucet's deposits are there too, as transactions from outside.
    expect(transactions.filter((t) => t.origin === "EXTERNAL").length).toBeGreaterThanOrEqual(2);
  });
});
