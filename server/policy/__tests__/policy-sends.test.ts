import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { describe, expect, it } from "vitest";
import { alice, dropPolicies, ethAddress, policy, submit, VAULT, withPolicyScene } from "./policy-scene";

/**
 * Policies read eth_send_transaction as they read sign_transaction: the call is `eth.tx`; for
 * eth_send_raw_transaction, with `from` the sender recovered from the signature.
 */

withPolicyScene();

const send = (to: string, value: string, data?: string) =>
  submit(alice, "eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
    from: ethAddress,
    caip2: "eip155:8453",
    calls: [{ to, value, ...(data ? { data } : {}) }],
  });

const batch = (calls: { to: string; value: string; data?: string }[]) =>
  submit(alice, "eth_send_transaction", "ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2", {
    from: ethAddress,
    caip2: "eip155:8453",
    calls,
  });

describe("policies over eth_send_transaction", () => {
  it("allows a send whose eth.tx matches an allow policy, and only that one", async () => {
    await dropPolicies();
    await policy(
      "alice may send small amounts to the vault on Base",
      "EFFECT_ALLOW",
      `activity.type == 'ACTIVITY_TYPE_ETH_SEND_TRANSACTION_V2' && eth.tx.to == '${VAULT}' && eth.tx.value < 1000 && eth.tx.chain_id == 8453`,
    );
    const allowed = await send(VAULT, "999");
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");

    const tooMuch = await send(VAULT, "1000");
    expect(tooMuch.status).toBe(403);
    expect(tooMuch.body.message).toMatch(/no policy allows it/);
    const elsewhere = await send("0x000000000000000000000000000000000000dead", "1");
    expect(elsewhere.status).toBe(403);
  });

  it("denies by selector in the call data, deny winning over allow", async () => {
    await dropPolicies();
    await policy("alice may send anything", "EFFECT_ALLOW", "activity.resource == 'PRIVATE_KEY'");
    await policy("no approvals", "EFFECT_DENY", "eth.tx.data[0..10] == '0x095ea7b3'");
    const approve = await send(VAULT, "0", `0x095ea7b3${"00".repeat(64)}`);
    expect(approve.status).toBe(403);
    expect(approve.body.message).toMatch(/no approvals/);
    const transfer = await send(VAULT, "0", `0xa9059cbb${"00".repeat(64)}`);
    expect(transfer.status, JSON.stringify(transfer.body)).toBe(200);
  });

  it("judges each call of a batch alone: allowed only when every call is, denied when any call is", async () => {
    await dropPolicies();
    await policy(
      "alice may send small amounts to the vault",
      "EFFECT_ALLOW",
      `eth.tx.to == '${VAULT}' && eth.tx.value < 1000`,
    );
    const both = await batch([
      { to: VAULT, value: "1" },
      { to: VAULT, value: "2" },
    ]);
    expect(both.status, JSON.stringify(both.body)).toBe(200);
    // A second call cannot hide behind an allowed first one, nor a first behind a second.
    for (const calls of [
      [
        { to: VAULT, value: "1" },
        { to: "0x000000000000000000000000000000000000dead", value: "1" },
      ],
      [
        { to: VAULT, value: "5000" },
        { to: VAULT, value: "1" },
      ],
    ]) {
      const hidden = await batch(calls);
      expect(hidden.status, JSON.stringify(calls)).toBe(403);
      expect(hidden.body.message).toMatch(/no policy allows it/);
    }

    // Each call may be allowed by a different policy; a deny on any one call denies the batch.
    await policy(
      "alice may pay the fee collector",
      "EFFECT_ALLOW",
      "eth.tx.to == '0x000000000000000000000000000000000000fee5'",
    );
    const mixed = await batch([
      { to: VAULT, value: "1" },
      { to: "0x000000000000000000000000000000000000fee5", value: "9999" },
    ]);
    expect(mixed.status, JSON.stringify(mixed.body)).toBe(200);
    await policy("no approvals", "EFFECT_DENY", "eth.tx.data[0..10] == '0x095ea7b3'");
    const sneaky = await batch([
      { to: VAULT, value: "1" },
      { to: VAULT, value: "0", data: `0x095ea7b3${"00".repeat(64)}` },
    ]);
    expect(sneaky.status).toBe(403);
    expect(sneaky.body.message).toMatch(/no approvals/);
  });
});

describe("policies over eth_send_raw_transaction", () => {
  it("see the signed transaction as eth.tx, with the recovered sender as eth.tx.from", async () => {
    await dropPolicies();
    const trusted = privateKeyToAccount(generatePrivateKey());
    await policy(
      "alice may relay the trusted sender's transactions to the vault",
      "EFFECT_ALLOW",
      `activity.type == 'ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION' && eth.tx.from == '${trusted.address}' && eth.tx.to == '${VAULT}' && eth.tx.chain_id == 8453`,
    );
    const relay = async (signer: typeof trusted) =>
      submit(alice, "eth_send_raw_transaction", "ACTIVITY_TYPE_ETH_SEND_RAW_TRANSACTION", {
        caip2: "eip155:8453",
        signedTransaction: await signer.signTransaction({
          type: "eip1559",
          chainId: 8453,
          nonce: 0,
          to: VAULT as `0x${string}`,
          value: 1n,
          gas: 21_000n,
          maxFeePerGas: 10n ** 10n,
          maxPriorityFeePerGas: 1n,
        }),
      });
    const allowed = await relay(trusted);
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(200);
    expect(allowed.body.activity.status).toBe("ACTIVITY_STATUS_COMPLETED");
    const other = await relay(privateKeyToAccount(generatePrivateKey()));
    expect(other.status).toBe(403);
    expect(other.body.message).toMatch(/no policy allows it/);
  });
});
