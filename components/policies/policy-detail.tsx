"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { formatTimestamp } from "@/lib/client/format";
import { usePolicies } from "@/lib/queries/policies";
import { Alert } from "../ui/alert";
import { DeletePolicyButton } from "./delete-policy-button";
import { EffectBadge } from "./effect-badge";
import { PolicyEditor } from "./policy-editor";

/** One policy: its editor (with the history test) and its deletion. */
export function PolicyDetail({ policyId }: { policyId: string }) {
  const router = useRouter();
  const policies = usePolicies();
  if (policies.error) return <Alert>{policies.error.message}</Alert>;
  if (!policies.data) return <p className="text-sm text-muted-foreground">Loading…</p>;
  const policy = policies.data.find((p) => p.policyId === policyId);
  if (!policy) {
    return (
      <Alert>
        No policy {policyId} in this organization: it may have been deleted.{" "}
        <Link className="underline" href="/policies">
          All policies
        </Link>
      </Alert>
    );
  }
  const { seconds, nanos } = policy.updatedAt;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <Link href="/policies" className="text-sm text-muted-foreground hover:underline">
            ← Policies
          </Link>
          <h1 className="flex items-center gap-2 text-2xl font-semibold tracking-tight">
            {policy.policyName} <EffectBadge effect={policy.effect} />
          </h1>
          <p className="mt-1 font-mono text-xs text-muted-foreground">{policy.policyId}</p>
          <p className="mt-1 text-sm text-muted-foreground">
            Created {formatTimestamp(policy.createdAt)} · updated {formatTimestamp(policy.updatedAt)}
          </p>
        </div>
        <div className="flex flex-wrap items-center justify-end gap-2">
          <DeletePolicyButton policy={policy} onDeleted={() => router.push("/policies")} />
        </div>
      </div>
      {/* A saved change starts the editor afresh from the stored policy. */}
      <PolicyEditor key={`${seconds}.${nanos}`} policy={policy} />
    </div>
  );
}
