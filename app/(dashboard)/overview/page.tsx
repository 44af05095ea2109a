import { Overview } from "@/components/overview/overview";

export default function OverviewPage() {
  return (
    <div className="grid gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">Overview</h1>
      <Overview />
    </div>
  );
}
