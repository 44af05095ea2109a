import { sha256 } from "@noble/hashes/sha2.js";
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from "@solana/kit";

/**
 * The local Solana devnet's own keys, derived from fixed public strings so that every installation
 * has the same addresses: anyone can sign with them, so they exist on local devnets only.
 *  - the USDC-like mint (6 decimals) is also its own mint authority;
 *  - the faucet funds requestAirdrop, latchkey_faucet and the fees of the faucet's own transactions.
 */
const USDC_MINT_SEED = "latchkey devnet USDC mint v1";
const FAUCET_SEED = "latchkey devnet faucet v1";

export const USDC_DECIMALS = 6;

/**
 * Lamports the faucet starts with: 500 million SOL, about the real supply. Above 2^53 on purpose:
 * real accounts hold that much, and every JSON layer (the devnet, /rpc, Latchkey's own RPC client)
 * must carry such u64s exactly.
 */
export const FAUCET_LAMPORTS = 500_000_000n * 10n ** 9n;

// One signer instance per key: kit refuses two distinct signer objects for one address in a message.
const signers = new Map<string, Promise<KeyPairSigner>>();
function signerFromSeed(seed: string): Promise<KeyPairSigner> {
  let signer = signers.get(seed);
  if (!signer) {
    signer = createKeyPairSignerFromPrivateKeyBytes(sha256(new TextEncoder().encode(seed)));
    signers.set(seed, signer);
  }
  return signer;
}

export const usdcMintSigner = () => signerFromSeed(USDC_MINT_SEED);
export const faucetSigner = () => signerFromSeed(FAUCET_SEED);
