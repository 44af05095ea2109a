import { Suspense } from "react";
import { ActivityTable } from "@/components/activities/activity-table";
import { VerifyAuditTrail } from "@/components/activities/verify-audit-trail";

export default function ActivitiesPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Activities</h1>
      <VerifyAuditTrail />
      {/* The filters are read from the URL, which a static page only knows in the browser. */}
      <Suspense>
        <ActivityTable />
      </Suspense>
    </div>
  );
}
