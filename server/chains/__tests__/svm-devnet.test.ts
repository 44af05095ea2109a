import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Address, createSolanaRpc, generateKeyPairSigner, lamports } from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import {
  findAssociatedTokenPda,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from "@solana-program/token";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEVNET_USDC_MINT } from "@/lib/api/assets";
import { SOLANA_DEVNET } from "@/lib/api/chains";
import { handleRpcRequest } from "../../api/rpc";
import { startTestApp, type TestApp } from "../../testing/harness";
import {
  lamportsOf,
  rawCall,
  type SolanaRpc,
  sendAndConfirm,
  signedTransaction,
} from "../../testing/solana-kit";
import type { LocalDevnet } from "../devnets/local-devnet";
import { usdcMintSigner } from "../devnets/svm/seeded-keys";
import { startSvmDevnet } from "../devnets/svm/svm-devnet";
import { routeSolanaRpc } from "./rpc-scene";

const USDC = `${SOLANA_DEVNET}/token:${DEVNET_USDC_MINT}` as const;
const stateDir = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-svm-"));
const start = () =>
  startSvmDevnet({
    caip2: SOLANA_DEVNET,
    genesisHash: "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
    stateDir,
    logger: pino({ level: "silent" }),
  });

let devnet: LocalDevnet;
let rpc: SolanaRpc;
beforeAll(async () => {
  devnet = await start();
  rpc = createSolanaRpc(devnet.url());
});
afterAll(async () => {
  await devnet?.stop();
  fs.rmSync(stateDir, { recursive: true, force: true });
});

describe("the local Solana devnet through @solana/kit's createSolanaRpc", () => {
  it("is the devnet cluster: its genesis hash, slots, health and a fresh blockhash", async () => {
    expect(await rpc.getGenesisHash().send()).toBe("EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG");
    expect(await rpc.getHealth().send()).toBe("ok");
    const { context, value } = await rpc.getLatestBlockhash().send();
    expect(value.lastValidBlockHeight).toBe(context.slot + 150n);
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true);
    expect(await rpc.getBlockHeight().send()).toBeGreaterThanOrEqual(context.slot);
    expect(await rpc.getMinimumBalanceForRentExemption(165n).send()).toBe(2_039_280n);
  });

  it("airdrops, then moves SOL with a system transfer signed by a kit keypair", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    const airdrop = await rpc.requestAirdrop(alice.address, lamports(2_000_000_000n)).send();
    expect((await rpc.getSignatureStatuses([airdrop]).send()).value[0]?.err).toBeNull();
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: 250_000_000n }),
    ]);
    const { signature, status } = await sendAndConfirm(rpc, wire);
    expect(status.confirmationStatus).toBe("finalized");
    expect(await lamportsOf(rpc, bob.address)).toBe(250_000_000n);
    expect(await lamportsOf(rpc, alice.address)).toBe(2_000_000_000n - 250_000_000n - 5_000n);

    const tx = await rpc
      .getTransaction(signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
      .send();
    expect(tx?.meta?.err).toBeNull();
    expect(tx?.meta?.fee).toBe(5_000n);
    expect(tx?.transaction.message.accountKeys.slice(0, 2)).toEqual([alice.address, bob.address]);
    const history = await rpc.getSignaturesForAddress(alice.address).send();
    expect(history.map((h) => h.signature)).toEqual([signature, airdrop]);
    const account = await rpc.getAccountInfo(bob.address, { encoding: "base64" }).send();
    expect(account.value?.owner).toBe("11111111111111111111111111111111");
  });

  it("answers getBlock with the blockhash of the slot a transaction landed in, and a skipped slot as Solana does", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await rpc.requestAirdrop(alice.address, lamports(1_000_000_000n)).send();
    const wire = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: 1_000_000n }),
    ]);
    const { signature, status } = await sendAndConfirm(rpc, wire);
    const block = await rpc
      .getBlock(status.slot, {
        transactionDetails: "signatures",
        rewards: false,
        maxSupportedTransactionVersion: 0,
      })
      .send();
    expect(block?.signatures).toContain(signature);
    expect(block?.blockHeight).toBe(status.slot);
    // One of the cluster's own recent blockhashes, so one a transaction could use.
    expect((await rpc.isBlockhashValid(block!.blockhash).send()).value).toBe(true);
    const skipped = await rawCall(devnet.url(), "getBlock", [
      Number(status.slot) + 1_000_000,
      { transactionDetails: "none" },
    ]);
    expect(skipped.body.error).toMatchObject({ code: -32007, message: expect.stringMatching(/was skipped/) });
    const full = await rawCall(devnet.url(), "getBlock", [Number(status.slot)]);
    expect(full.body.error?.message).toMatch(/transactionDetails "none" or "signatures"/);
  });

  it("mints the seeded USDC with latchkey_faucet and moves it with an SPL transfer", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await rawCall(devnet.url(), "latchkey_faucet", [alice.address, "native", "1000000000"]);
    const minted = await rawCall(devnet.url(), "latchkey_faucet", [alice.address, USDC, "5000000"]);
    expect(minted.body.result).toMatchObject({ balance: "5000000" });
    expect((await usdcMintSigner()).address).toBe(DEVNET_USDC_MINT);
    const ata = async (owner: Address) =>
      (
        await findAssociatedTokenPda({
          owner,
          mint: DEVNET_USDC_MINT as Address,
          tokenProgram: TOKEN_PROGRAM_ADDRESS,
        })
      )[0];
    // Bob's token account is created by a faucet call of the smallest amount, then receives 1.5 USDC.
    await rawCall(devnet.url(), "latchkey_faucet", [bob.address, USDC, "1"]);
    const wire = await signedTransaction(rpc, alice, [
      getTransferCheckedInstruction({
        source: await ata(alice.address),
        mint: DEVNET_USDC_MINT as Address,
        destination: await ata(bob.address),
        authority: alice,
        amount: 1_500_000n,
        decimals: 6,
      }),
    ]);
    const { signature } = await sendAndConfirm(rpc, wire);
    const balance = await rpc.getTokenAccountBalance(await ata(bob.address)).send();
    expect(balance.value).toEqual({
      amount: "1500001",
      decimals: 6,
      uiAmount: 1.500001,
      uiAmountString: "1.500001",
    });
    const owned = await rpc
      .getTokenAccountsByOwner(
        alice.address,
        { mint: DEVNET_USDC_MINT as Address },
        { encoding: "jsonParsed" },
      )
      .send();
    expect(owned.value[0]?.account.data.parsed.info.tokenAmount.amount).toBe("3500000");
    const tx = await rpc
      .getTransaction(signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
      .send();
    expect(tx?.meta?.postTokenBalances?.map((b) => b.uiTokenAmount.amount).sort()).toEqual([
      "1500001",
      "3500000",
    ]);
  });

  it("refuses a stale blockhash with Solana's preflight error, and a failing transfer with its instruction error", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await rpc.requestAirdrop(alice.address, lamports(1_000_000_000n)).send();
    const stale = (await rpc.getLatestBlockhash().send()).value;
    const expired = await rawCall(devnet.url(), "latchkey_expireBlockhashes");
    expect(expired.body.result).toMatchObject({ blockhash: expect.any(String) });
    expect((await rpc.isBlockhashValid(stale.blockhash).send()).value).toBe(false);
    const transfer = getTransferSolInstruction({ source: alice, destination: bob.address, amount: 1n });
    const wire = await signedTransaction(rpc, alice, [transfer], stale);
    const refused = await rawCall(devnet.url(), "sendTransaction", [wire, { encoding: "base64" }]);
    expect(refused.body.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Blockhash not found",
      data: { err: "BlockhashNotFound" },
    });

    const tooMuch = await signedTransaction(rpc, alice, [
      getTransferSolInstruction({ source: alice, destination: bob.address, amount: 5_000_000_000n }),
    ]);
    const failed = await rawCall(devnet.url(), "sendTransaction", [tooMuch, { encoding: "base64" }]);
    expect(failed.body.error).toMatchObject({
      code: -32002,
      message: "Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1",
      data: { err: { InstructionError: [0, { Custom: 1 }] } },
    });
    // Without preflight it lands, fails, and pays its fee, as on Solana.
    const landed = await rawCall(devnet.url(), "sendTransaction", [
      tooMuch,
      { encoding: "base64", skipPreflight: true },
    ]);
    const status = await rpc.getSignatureStatuses([landed.body.result as never]).send();
    expect(status.value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
    expect(await lamportsOf(rpc, alice.address)).toBe(1_000_000_000n - 5_000n);
  });

  it("answers bad parameters with JSON-RPC errors, never a 500", async () => {
    const cases: [string, unknown[], number, RegExp][] = [
      ["getBalance", ["not-an-address"], -32602, /not a base58 32-byte address/],
      ["getBalance", [], -32602, /missing address/],
      ["sendTransaction", ["AAAA", { encoding: "base64" }], -32602, /failed to deserialize/],
      ["sendTransaction", ["abc", { encoding: "hex" }], -32602, /unsupported encoding/],
      ["getSignatureStatuses", [["nope"]], -32602, /signature/],
      ["getTransaction", [42], -32602, /signature/],
      ["getTokenAccountBalance", ["11111111111111111111111111111111"], -32602, /not a Token account/],
      [
        "latchkey_faucet",
        ["11111111111111111111111111111111", "solana:x/token:y", "1"],
        -32602,
        /asset must be/,
      ],
      ["noSuchMethod", [], -32601, /Method not found/],
    ];
    for (const [method, params, code, message] of cases) {
      const { status, body } = await rawCall(devnet.url(), method, params);
      expect(status, method).toBe(200);
      expect(body.error?.code, method).toBe(code);
      expect(body.error?.message, method).toMatch(message);
    }
    const garbage = await fetch(devnet.url(), { method: "POST", body: "{" });
    expect(garbage.status).toBe(400);
  });

  it("keeps balances, transactions and its slot across a restart on the same directory", async () => {
    const [alice, bob] = await Promise.all([generateKeyPairSigner(), generateKeyPairSigner()]);
    await rawCall(devnet.url(), "latchkey_faucet", [alice.address, "native", "300000000"]);
    const { signature } = await sendAndConfirm(
      rpc,
      await signedTransaction(rpc, alice, [
        getTransferSolInstruction({ source: alice, destination: bob.address, amount: 100_000_000n }),
      ]),
    );
    const slot = await rpc.getSlot().send();
    await devnet.stop();
    devnet = await start();
    rpc = createSolanaRpc(devnet.url());
    expect(await lamportsOf(rpc, bob.address)).toBe(100_000_000n);
    const tx = await rpc
      .getTransaction(signature, { encoding: "json", maxSupportedTransactionVersion: 0 })
      .send();
    expect(tx?.meta?.postBalances[1]).toBe(100_000_000n);
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull();
    expect((await rpc.getSignaturesForAddress(bob.address).send())[0]?.signature).toBe(signature);
    expect(await rpc.getSlot().send()).toBeGreaterThanOrEqual(slot);
  });
});

describe("/rpc/<solana caip2>: the app's local Solana devnet as JSON-RPC", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => t?.close());

  const routeRpc = (caip2: string) => routeSolanaRpc(t, caip2);

  it("serves each cluster under every spelling, with its own genesis hash and faucet", async () => {
    expect(await routeRpc("solana:devnet").getGenesisHash().send()).toBe(
      "EtWTRABZaYq6iMfeYKouRu166VU2xqa1wcaWoxPkrZBG",
    );
    const mainnet = routeRpc("solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d");
    expect(await mainnet.getGenesisHash().send()).toBe("5eykt4UsFv8P8NJdTREpY1vzqKqZKvdpKuc147dw2N9d");
    const someone = await generateKeyPairSigner();
    const request = new Request("http://localhost/rpc/solana:mainnet", {
      method: "POST",
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "latchkey_faucet",
        params: [someone.address, "native", "1000000"],
      }),
    });
    const answer = await (await handleRpcRequest(t.app, request, "solana:mainnet")).json();
    expect(answer.result, JSON.stringify(answer)).toMatchObject({ balance: "1000000" });
    expect((await mainnet.getBalance(someone.address).send()).value).toBe(1_000_000n);
    expect(
      t.app.chains.status().find((c) => c.caip2 === "solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"),
    ).toMatchObject({
      local: true,
      running: true,
    });
  });

  it("carries lamports above 2^53 through /rpc to the digit (Solana's u64s are bare JSON numbers)", async () => {
    const whale = await generateKeyPairSigner();
    const huge = 9_007_199_254_740_993n; // 2^53 + 1: a float64 would round it to 2^53
    const call = (method: string, params: unknown[]) =>
      handleRpcRequest(
        t.app,
        new Request("http://localhost/rpc/solana:devnet", {
          method: "POST",
          body: JSON.stringify({ jsonrpc: "2.0", id: 7, method, params }),
        }),
        "solana:devnet",
      );
    // The faucet gives at most 10^15 lamports a call.
    for (let left = huge; left > 0n; left -= left > 10n ** 15n ? 10n ** 15n : left) {
      const part = left > 10n ** 15n ? 10n ** 15n : left;
      const minted = await call("latchkey_faucet", [whale.address, "native", part.toString()]);
      const minted_ = await minted.json();
      expect(minted_.error, JSON.stringify(minted_)).toBeUndefined();
    }
    const text = await (await call("getBalance", [whale.address])).text();
    expect(text).toMatch(/"value":9007199254740993\b/);
    expect((await routeRpc("solana:devnet").getBalance(whale.address).send()).value).toBe(huge);
  });
});
