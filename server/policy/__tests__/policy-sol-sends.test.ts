import { generateKeyPairSigner } from "@solana/kit";
import { beforeAll, describe, expect, it } from "vitest";
import { unsignedTransferHex } from "../../testing/solana-kit";
import { alice, dropPolicies, ok, policy, submit, t, withPolicyScene } from "./policy-scene";

/** Policies read sol_send_transaction as they read sign_transaction: the message is `solana.tx`. */

withPolicyScene();

let from: string;
beforeAll(async () => {
  const { root } = await import("./policy-scene");
  const wallet = await ok<{ addresses: string[] }>(
    root,
    "create_wallet",
    "ACTIVITY_TYPE_CREATE_WALLET",
    {
      walletName: "Solana",
      accounts: [
        {
          curve: "CURVE_ED25519",
          pathFormat: "PATH_FORMAT_BIP32",
          path: "m/44'/501'/0'/0'",
          addressFormat: "ADDRESS_FORMAT_SOLANA",
        },
      ],
    },
    "createWalletResult",
  );
  from = wallet.addresses[0]!;
});

/** A transfer message as the dashboard or a client builds it, fetched from the local devnet's blockhash. */
async function send(to: string, lamports: bigint) {
  const client = await t.app.chains.rpc("solana:devnet");
  const { value } = await client.call<{ value: { blockhash: string; lastValidBlockHeight: number } }>(
    "getLatestBlockhash",
  );
  const rpc = { getLatestBlockhash: () => ({ send: async () => ({ value }) }) } as never;
  const unsignedTransaction = await unsignedTransferHex(rpc, from as never, to as never, lamports);
  return submit(alice, "sol_send_transaction", "ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2", {
    unsignedTransaction,
    signWiths: [from],
    caip2: "solana:devnet",
  });
}

describe("policies over sol_send_transaction", () => {
  it("allows a send whose solana.tx matches an allow policy, and only that one", async () => {
    const vault = (await generateKeyPairSigner()).address;
    await dropPolicies();
    await policy(
      "alice may send small SOL transfers to the vault",
      "EFFECT_ALLOW",
      `activity.type == 'ACTIVITY_TYPE_SOL_SEND_TRANSACTION_V2' && solana.tx.transfers.all(t, t.to == '${vault}' && t.amount < 1000)`,
    );
    const allowed = await send(vault, 999n);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    expect((await send(vault, 1000n)).status).toBe(403);
    expect((await send((await generateKeyPairSigner()).address, 1n)).status).toBe(403);
  });

  it("denies by recipient, deny winning over allow", async () => {
    const blocked = (await generateKeyPairSigner()).address;
    await dropPolicies();
    await policy("alice may sign", "EFFECT_ALLOW", "activity.resource == 'PRIVATE_KEY'");
    await policy(
      "never to the blocked address",
      "EFFECT_DENY",
      `solana.tx.transfers.any(t, t.to == '${blocked}')`,
    );
    const denied = await send(blocked, 1n);
    expect(denied.status).toBe(403);
    expect(denied.body.message).toMatch(/never to the blocked address/);
    expect((await send((await generateKeyPairSigner()).address, 1n)).status).toBe(200);
  });
});
