import { randomBytes } from "node:crypto";
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createTransactionMessage,
  getTransactionEncoder,
  type Instruction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import type { SvmLedger } from "../ledger";
import { addressParam, integerParam, param } from "../params";
import { invalidParams } from "../rpc-errors";
import { faucetSigner, usdcMintSigner } from "../seeded-keys";
import { readTokenAccount } from "../token-accounts";
import { decodeWireTransaction } from "../wire";
import type { Cluster } from "./method";

/** The most one faucet or airdrop call hands out: a million SOL, or a billion USDC. */
const MAX_LAMPORTS = 10n ** 15n;
const MAX_USDC_UNITS = 10n ** 15n;

const MEMO_PROGRAM = address("MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr");

/**
 * Signatures are deterministic, so two equal faucet calls within one blockhash would be the same
 * transaction and the second refused as already processed: a memo with a random tag keeps each
 * call its own transaction.
 */
const uniqueMemo = (): Instruction => ({
  programAddress: MEMO_PROGRAM,
  data: new TextEncoder().encode(`latchkey faucet ${randomBytes(8).toString("hex")}`),
});

/** A real transaction signed by the faucet (and the mint authority), processed like any other. */
async function faucetTransaction(ledger: SvmLedger, instructions: Instruction[]): Promise<string> {
  const faucet = await faucetSigner();
  const { blockhash, lastValidBlockHeight } = ledger.clock.latestBlockhash();
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(faucet, m),
    (m) =>
      setTransactionMessageLifetimeUsingBlockhash(
        { blockhash: blockhash as never, lastValidBlockHeight: BigInt(lastValidBlockHeight) },
        m,
      ),
    (m) => appendTransactionMessageInstructions([...instructions, uniqueMemo()], m),
  );
  const signed = await signTransactionMessageWithSigners(message);
  return ledger.submit(decodeWireTransaction(getTransactionEncoder().encode(signed) as Uint8Array), true);
}

async function sendLamports(ledger: SvmLedger, to: Address, amount: bigint): Promise<string> {
  const source = await faucetSigner();
  return faucetTransaction(ledger, [getTransferSolInstruction({ source, destination: to, amount })]);
}

async function mintUsdc(ledger: SvmLedger, owner: Address, amount: bigint) {
  const faucet = await faucetSigner();
  const mint = await usdcMintSigner();
  const [ata] = await findAssociatedTokenPda({
    owner,
    mint: mint.address,
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  });
  const signature = await faucetTransaction(ledger, [
    getCreateAssociatedTokenIdempotentInstruction({ payer: faucet, ata, owner, mint: mint.address }),
    getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: mint, amount }),
  ]);
  return { signature, balance: readTokenAccount(ledger.svm, ata)!.amount.toString(), tokenAccount: ata };
}

function amountParam(raw: unknown, max: bigint): bigint {
  if (typeof raw !== "string" || !/^\d{1,30}$/.test(raw)) {
    throw invalidParams("latchkey_faucet: amount must be a decimal string of base units");
  }
  const amount = BigInt(raw);
  if (amount < 1n || amount > max)
    throw invalidParams(`latchkey_faucet: amount must be between 1 and ${max}`);
  return amount;
}

/** requestAirdrop and latchkey_faucet: async, since the faucet signs with WebCrypto. */
export const faucetMethods = {
  requestAirdrop(ledger: SvmLedger, params: unknown[]) {
    const to = addressParam(params, 0);
    return sendLamports(ledger, to, integerParam(params, 1, "lamports", MAX_LAMPORTS));
  },

  /**
   * `latchkey_faucet [address, asset, amount]`: asset "native" (or SOL's CAIP-19) sends lamports;
   * the seeded USDC's CAIP-19 mints to the owner's associated token account, creating it.
   */
  async latchkey_faucet(ledger: SvmLedger, params: unknown[], cluster: Cluster) {
    if (params.length !== 3) {
      throw invalidParams(
        'latchkey_faucet: params are [address, asset ("native" or CAIP-19), amount in base units]',
      );
    }
    const to = addressParam(params, 0);
    const asset = param(params, 1, "asset");
    const usdc = `${cluster.caip2}/token:${(await usdcMintSigner()).address}`;
    if (asset === "native" || asset === `${cluster.caip2}/slip44:501`) {
      const signature = await sendLamports(ledger, to, amountParam(params[2], MAX_LAMPORTS));
      return { balance: ledger.balance(to).toString(), signature };
    }
    if (asset === usdc) return mintUsdc(ledger, to, amountParam(params[2], MAX_USDC_UNITS));
    throw invalidParams(`latchkey_faucet: asset must be "native", ${cluster.caip2}/slip44:501 or ${usdc}`);
  },
};
