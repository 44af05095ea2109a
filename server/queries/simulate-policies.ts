import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { ZSimulatePoliciesRequest } from "@/lib/api/simulation";
import { simulatePolicies as replay } from "../activities/simulate";
import { invalid } from "../errors";
import { type CompiledPolicy, compilePolicy } from "../policy/compile";
import { loadPolicies } from "../policy/store";
import { validatePolicyExpressions } from "../policy/validate";
import { defineQuery } from "./define";

export const simulatePolicies = defineQuery({
  path: "simulate_policies",
  summary:
    "Latchkey extension: replay the organization's recorded activities (newest first, within a window) " +
    "through a draft policy set — policies added, changed, removed — and return, per activity, the " +
    "recorded outcome, the simulated one and the deciding policies. Nothing is written.",
  latchkeyExtension: true,
  request: ZSimulatePoliciesRequest,
  response: QUERY_RESPONSES.simulate_policies,
  async run({ app, organization }, request) {
    const { add = [], update = [], remove = [] } = request.draft;
    const current = await loadPolicies(app.db, organization.id);
    for (const id of [...remove, ...update.map((u) => u.policyId)]) {
      if (!current.some((p) => p.id === id))
        throw invalid(`draft: policy ${id} is not a policy of this organization`, "draft");
    }
    for (const [i, p] of add.entries()) {
      validatePolicyExpressions(p, {
        condition: `draft.add[${i}].condition`,
        consensus: `draft.add[${i}].consensus`,
      });
    }
    for (const [i, u] of update.entries()) {
      validatePolicyExpressions(
        { condition: u.policyCondition, consensus: u.policyConsensus },
        { condition: `draft.update[${i}].policyCondition`, consensus: `draft.update[${i}].policyConsensus` },
      );
    }
    const draft: CompiledPolicy[] = current
      .filter((p) => !remove.includes(p.id))
      .map((p) => {
        const change = update.find((u) => u.policyId === p.id);
        return compilePolicy({
          id: p.id,
          name: change?.policyName ?? p.name,
          effect: change?.policyEffect ?? p.effect,
          condition: change?.policyCondition?.trim() ?? p.condition,
          consensus: change?.policyConsensus?.trim() ?? p.consensus,
        });
      });
    for (const [i, p] of add.entries()) {
      draft.push(
        compilePolicy({
          id: `draft-${i}`,
          name: p.policyName,
          effect: p.effect,
          condition: p.condition?.trim() ?? "",
          consensus: p.consensus?.trim() ?? "",
        }),
      );
    }
    const window = request.window ?? {};
    const results = await replay(app, organization, draft, {
      since: window.since ? new Date(window.since) : undefined,
      until: window.until ? new Date(window.until) : undefined,
      limit: window.limit ? Number(window.limit) : 100,
    });
    return { results, replayed: results.length, changed: results.filter((r) => r.changed).length };
  },
});
