import { PolicyEditor } from "@/components/policies/policy-editor";
import { PolicyTable } from "@/components/policies/policy-table";

export default function PoliciesPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Policies</h1>
      <PolicyTable />
      <section className="grid gap-3" aria-label="New policy">
        <h2 className="text-lg font-semibold">New policy</h2>
        <PolicyEditor />
      </section>
    </div>
  );
}
