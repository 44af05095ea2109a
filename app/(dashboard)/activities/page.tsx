import { ActivityTable } from "@/components/activities/activity-table";

export default function ActivitiesPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Activities</h1>
      <ActivityTable />
    </div>
  );
}
