import { serializeTransaction } from "viem";
import { signTransaction } from "../../activities/sign-transaction";
import { compilePolicy } from "../../policy/compile";
import { activityContext } from "../../policy/context/activity";
import { consensusContext } from "../../policy/context/consensus";
import { ethTransactionContext } from "../../policy/context/ethereum";
import { evaluatePolicies } from "../../policy/engine";
import type { PolicyValue } from "../../policy/types";

export interface PolicyCost {
  /** Policies in force → µs to evaluate one sign_transaction against all of them (contexts prebuilt). */
  evaluationMicros: Record<string, number>;
}

const VAULT = "0x000000000000000000000000000000000000beef";

/**
 * `count` policies as an organization might write them: all but one about other addresses and
 * activity types (each evaluated in full: no short-circuit), the last one allowing the request.
 */
export function benchPolicies(count: number, allowUserId: string) {
  return Array.from({ length: count }, (_, i) => {
    const last = i === count - 1;
    return {
      policyName: `bench policy ${i}`,
      effect: "EFFECT_ALLOW" as const,
      notes: "",
      condition: last
        ? `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '${VAULT}' && eth.tx.data[0..10] in ['0x095ea7b3', '0x6e553f65']`
        : `activity.type == 'ACTIVITY_TYPE_SIGN_TRANSACTION_V2' && eth.tx.to == '0x${i.toString(16).padStart(40, "0")}'`,
      consensus: last ? `approvers.any(user, user.id == '${allowUserId}')` : "approvers.count() >= 2",
    };
  });
}

/** An unsigned EIP-1559 `approve` to the vault: the transaction the bench's policies allow. */
export function benchTransaction(nonce: number): string {
  return serializeTransaction({
    type: "eip1559",
    chainId: 1,
    nonce,
    to: VAULT,
    data: `0x095ea7b3${"00".repeat(12)}${"11".repeat(20)}${"00".repeat(31)}01`,
    maxFeePerGas: 1n,
    maxPriorityFeePerGas: 1n,
    gas: 100_000n,
  });
}

export function measurePolicyCost(): PolicyCost {
  const userId = "bench-user";
  const condition: PolicyValue = {
    activity: activityContext(signTransaction, {
      signWith: VAULT,
      type: "TRANSACTION_TYPE_ETHEREUM",
      unsignedTransaction: benchTransaction(1),
    }),
    eth: { tx: ethTransactionContext(benchTransaction(1), []) },
  };
  const consensus = consensusContext([{ id: userId, tags: [], email: "", name: "bench" }], []);
  const evaluationMicros: Record<string, number> = {};
  for (const count of [1, 100, 1_000]) {
    const policies = benchPolicies(count, userId).map((p, i) =>
      compilePolicy({ id: `p${i}`, name: p.policyName, ...p }),
    );
    // Compiled once, evaluated many times, as the server does with its per-version cache. Warmed
    // up first (the JIT), then timed in CPU time: a shared machine's wall clock says more about the
    // neighbours than about the engine.
    const repeat = Math.max(50, Math.floor(200_000 / count));
    for (let r = 0; r < repeat / 2; r++) evaluatePolicies(policies, { condition, consensus });
    const started = process.cpuUsage();
    for (let r = 0; r < repeat; r++) {
      const round = evaluatePolicies(policies, { condition, consensus });
      if (round.outcome !== "OUTCOME_ALLOW")
        throw new Error(`bench policies did not allow: ${round.outcome}`);
    }
    const used = process.cpuUsage(started);
    evaluationMicros[String(count)] = (used.user + used.system) / repeat;
  }
  return { evaluationMicros };
}
