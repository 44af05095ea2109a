"use client";

import Link from "next/link";
import { activityLabel, formatTimestamp } from "@/lib/client/format";
import { useRecentFailures } from "@/lib/queries/overview";
import { usePolicies } from "@/lib/queries/policies";
import { decidingPolicies } from "../activities/deciding-policies";
import { PolicyLink } from "../policies/policy-link";
import { Alert } from "../ui/alert";
import { Card, CardTitle } from "../ui/card";

/**
 * The latest failed activities: a policy's denial names the deciding policies (from the failure's
 * details, as the activity page shows them), any other failure its message.
 */
export function RecentFailures() {
  const failures = useRecentFailures();
  const policies = usePolicies();
  return (
    <Card className="grid content-start gap-3 max-sm:p-4" data-testid="recent-failures">
      <CardTitle>Recent failures and denials</CardTitle>
      {failures.error && <Alert>{failures.error.message}</Alert>}
      {failures.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {failures.data?.length === 0 && <p className="text-sm text-muted-foreground">Nothing failed lately.</p>}
      <ul className="grid gap-2">
        {failures.data?.map((activity) => {
          const deciding = decidingPolicies(activity);
          return (
            <li key={activity.id} className="grid gap-0.5 text-sm" data-failed-activity={activity.id}>
              <Link
                href={`/activities/${activity.id}`}
                className="flex min-h-11 items-center font-medium underline-offset-2 hover:underline sm:min-h-0"
              >
                {activityLabel(activity.type)}
              </Link>
              {deciding.length > 0 ? (
                <span className="flex flex-wrap gap-x-2" data-testid="denied-by">
                  <span className="text-muted-foreground">Denied by</span>
                  {deciding.map(({ policyId, policyName }) => (
                    <PolicyLink
                      key={policyId}
                      policyId={policyId}
                      policyName={policyName}
                      exists={!policies.data || policies.data.some((p) => p.policyId === policyId)}
                    />
                  ))}
                </span>
              ) : (
                <span className="break-words text-destructive">{activity.failure?.message ?? "Failed"}</span>
              )}
              <span className="text-xs text-muted-foreground">{formatTimestamp(activity.createdAt)}</span>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}
