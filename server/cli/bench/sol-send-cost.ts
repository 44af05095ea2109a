import {
  type Address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type TransactionSigner,
} from "@solana/kit";
import { getTransferSolInstruction } from "@solana-program/system";
import { type LoadResult, runLoad } from "./load";
import { confirmedLatency, type SendBench } from "./send-cost";

const CHAIN = "solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1";
/** A blockhash is good for about a minute; the bench asks for a new one this often. */
const BLOCKHASH_REFRESH_MS = 5_000;

async function rpc<T>(baseUrl: string, method: string, params: unknown[] = []): Promise<T> {
  const response = await fetch(`${baseUrl}/rpc/${CHAIN}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ jsonrpc: "2.0", id: 1, method, params }),
  });
  const body = (await response.json()) as { result?: T; error?: { message: string } };
  if (body.error) throw new Error(`bench: ${method} failed: ${body.error.message}`);
  return body.result as T;
}

/** The latest blockhash, fetched at most every few seconds (every request needs one). */
function blockhashes(baseUrl: string) {
  let cached: { at: number; value: Promise<{ blockhash: string; lastValidBlockHeight: bigint }> } | undefined;
  return () => {
    if (!cached || performance.now() - cached.at > BLOCKHASH_REFRESH_MS) {
      const value = rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
        baseUrl,
        "getLatestBlockhash",
      ).then((r) => ({
        blockhash: r.value.blockhash,
        lastValidBlockHeight: BigInt(r.value.lastValidBlockHeight),
      }));
      cached = { at: performance.now(), value };
    }
    return cached.value;
  };
}

/** A v0 message moving `amount` lamports from `source` (also the fee payer) to `to`. */
function transfer(
  source: TransactionSigner,
  to: Address,
  amount: bigint,
  lifetime: { blockhash: string; lastValidBlockHeight: bigint },
) {
  return pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(source, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(lifetime as never, m),
    (m) =>
      appendTransactionMessageInstructions(
        [getTransferSolInstruction({ source, destination: to, amount })],
        m,
      ),
  );
}

/**
 * Sending through the API on the local Solana devnet, in the same two phases as the EVM bench:
 * `latency` (sol_send_transaction submitted → COMPLETED, one at a time), then `loads` — the devnet's
 * own sendTransaction rate over /rpc for transactions signed by the client, and how many
 * sol_send_transaction per second the API accepts. Every transaction moves a different number of
 * lamports, so no two are the same transaction (ed25519 signatures are deterministic).
 */
export async function solSendBench(bench: SendBench, from: string, seconds: number) {
  const latest = blockhashes(bench.baseUrl);
  const to = (await generateKeyPairSigner()).address;
  await rpc(bench.baseUrl, "latchkey_faucet", [from, "native", "1000000000000"]);
  await rpc(bench.baseUrl, "latchkey_faucet", [to, "native", "1000000000"]); // rent-exempt already
  let lamports = 0n;
  const send = async () => {
    const message = transfer(createNoopSigner(from as Address), to, ++lamports, await latest());
    const unsignedTransaction = Buffer.from(
      getTransactionEncoder().encode(compileTransaction(message)),
    ).toString("hex");
    return bench.post(
      "submit",
      "sol_send_transaction",
      bench.activity("ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", {
        signWiths: [from],
        caip2: CHAIN,
        unsignedTransaction,
      }),
    );
  };
  return {
    latency: () =>
      confirmedLatency(bench, async () => {
        const body = (await (await send()).json()) as {
          activity?: { result?: { solSendTransactionResultV2?: { sendTransactionStatusId: string } } };
        };
        const id = body.activity?.result?.solSendTransactionResultV2?.sendTransactionStatusId;
        if (!id) throw new Error(`bench: sol_send_transaction failed: ${JSON.stringify(body)}`);
        return id;
      }),
    async loads(): Promise<LoadResult[]> {
      const loads: LoadResult[] = [];
      const payer: KeyPairSigner = await generateKeyPairSigner();
      await rpc(bench.baseUrl, "latchkey_faucet", [payer.address, "native", "1000000000000"]);
      let rawLamports = 0n;
      process.stderr.write("bench: devnet raw sendTransaction at concurrency 1…\n");
      loads.push(
        await runLoad("devnet Solana sendTransaction (via /rpc)", 1, seconds * 1000, async () => {
          const message = transfer(payer, to, ++rawLamports, await latest());
          const wire = getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message));
          return fetch(`${bench.baseUrl}/rpc/${CHAIN}`, {
            method: "POST",
            headers: { "content-type": "application/json" },
            body: JSON.stringify({
              jsonrpc: "2.0",
              id: 1,
              method: "sendTransaction",
              params: [wire, { encoding: "base64" }],
            }),
          });
        }),
      );
      for (const concurrency of [1, 32]) {
        process.stderr.write(`bench: sol_send_transaction accepted at concurrency ${concurrency}…\n`);
        loads.push(
          await runLoad("activity sol_send_transaction (accepted)", concurrency, seconds * 1000, send),
        );
      }
      return loads;
    },
  };
}
