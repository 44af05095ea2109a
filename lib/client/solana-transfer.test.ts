import {
  generateKeyPairSigner,
  getAddressEncoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
} from "@solana/kit";
import { findAssociatedTokenPda, TOKEN_PROGRAM_ADDRESS } from "@solana-program/token";
import { describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT } from "../api/assets";
import { PLACEHOLDER_BLOCKHASH, unsignedSolanaTransfer } from "./solana-transfer";
import { summarizeSolanaTransfers } from "./solana-transfer-summary";

const address = async () => (await generateKeyPairSigner()).address;
const BLOCKHASH = "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG";

/** The message's fee payer, its required signers, and the blockhash, read back from the hex. */
function layout(hex: string) {
  const bytes = Uint8Array.from(hex.match(/../g)!, (b) => Number.parseInt(b, 16));
  const tx = getTransactionDecoder().decode(bytes);
  const message = getCompiledTransactionMessageDecoder().decode(tx.messageBytes);
  return {
    signatures: Object.values(tx.signatures),
    signers: message.staticAccounts.slice(0, message.header.numSignerAccounts),
    blockhash: message.lifetimeToken,
  };
}

describe("the Send form's Solana transfers", () => {
  it("builds a SOL transfer the sender pays for, unsigned, that reads back as what was asked", async () => {
    const [from, to] = [await address(), await address()];
    const hex = await unsignedSolanaTransfer({
      from,
      to,
      asset: { kind: "native" },
      amount: 250_000_000n,
      feePayer: from,
      blockhash: BLOCKHASH,
    });
    expect(layout(hex)).toEqual({ signatures: [null], signers: [from], blockhash: BLOCKHASH });
    expect(summarizeSolanaTransfers(hex)).toEqual([{ to, amount: 250_000_000n }]);
  });

  it("puts a sponsored transfer's gas station first, over the placeholder blockhash the server replaces", async () => {
    const [from, to, station] = [await address(), await address(), await address()];
    const hex = await unsignedSolanaTransfer({
      from,
      to,
      asset: { kind: "native" },
      amount: 1n,
      feePayer: station,
      blockhash: PLACEHOLDER_BLOCKHASH,
    });
    expect(layout(hex)).toEqual({
      signatures: [null, null],
      signers: [station, from],
      blockhash: PLACEHOLDER_BLOCKHASH,
    });
  });

  it("sends USDC between the owners' associated token accounts, creating the recipient's, named by its owner", async () => {
    const [from, to] = [await address(), await address()];
    const hex = await unsignedSolanaTransfer({
      from,
      to,
      asset: { kind: "spl", mint: DEVNET_USDC_MINT, decimals: 6 },
      amount: 1_500_000n,
      feePayer: from,
      blockhash: BLOCKHASH,
    });
    expect(layout(hex).signers).toEqual([from]);
    expect(summarizeSolanaTransfers(hex)).toEqual([{ to, amount: 1_500_000n, mint: DEVNET_USDC_MINT }]);
    const [recipientAta] = await findAssociatedTokenPda({
      owner: to,
      mint: DEVNET_USDC_MINT as never,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    // The token account itself is in the message (written to), the owner only as the ATA's seed.
    expect(hex).toContain(Buffer.from(getAddressEncoder().encode(recipientAta)).toString("hex"));
  });

  it("summarizes bytes that are not a transaction as nothing, not an error", () => {
    expect(summarizeSolanaTransfers("00ff")).toEqual([]);
  });
});
