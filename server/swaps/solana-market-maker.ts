import { sha256 } from "@noble/hashes/sha2.js";
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from "@solana/kit";
import { TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import type { JsonRpcClient } from "../chains/json-rpc";
import { svmAdapter } from "../chains/svm/adapter";

/**
 * The market maker of the local Solana request-for-quote provider (local-solana-rfq.ts): a
 * devnet-only key derived from a public constant like the EVM swap operator's
 * (`latchkey:devnet-swap-operator`), so anyone can sign with it — it exists on local devnets only.
 */
export const MARKET_MAKER_SEED = "latchkey:devnet-solana-market-maker";

let signer: Promise<KeyPairSigner> | undefined;
export function marketMaker(): Promise<KeyPairSigner> {
  signer ??= createKeyPairSignerFromPrivateKeyBytes(sha256(new TextEncoder().encode(MARKET_MAKER_SEED)));
  return signer;
}

/** What the market maker is given on a fresh devnet: 1,000 SOL and 3,000,000 USDC (the same value). */
export const SEED_LAMPORTS = 1_000n * 10n ** 9n;
export const SEED_USDC_UNITS = 3_000_000n * 10n ** 6n;

const seeding = new Map<string, Promise<void>>();

/**
 * Make sure the market maker was funded on this local devnet: when it has no USDC token account
 * yet (a fresh chain), the devnet's faucet (latchkey_faucet) sends it its seed SOL and USDC. A
 * market maker that later ran dry keeps its token account and is not refilled: it then refuses
 * quotes for lack of liquidity, as a real one would. The chain is asked every time (one read): a
 * devnet can be started afresh under the same caip2 within one process. Concurrent first quotes
 * share one seeding, so it is funded once.
 */
export function ensureMarketMakerSeeded(client: JsonRpcClient, caip2: string): Promise<void> {
  let running = seeding.get(caip2);
  if (!running) {
    running = seed(client, caip2).finally(() => seeding.delete(caip2));
    seeding.set(caip2, running);
  }
  return running;
}

async function seed(client: JsonRpcClient, caip2: string): Promise<void> {
  const { address } = await marketMaker();
  const accounts = await svmAdapter(client).tokenAccounts(address, TOKEN_PROGRAM_ADDRESS);
  if (accounts.length > 0) return;
  await client.call("latchkey_faucet", [address, "native", SEED_LAMPORTS.toString()]);
  await client.call("latchkey_faucet", [
    address,
    `${caip2}/token:${DEVNET_USDC_MINT}`,
    SEED_USDC_UNITS.toString(),
  ]);
}
