import { OrganizationSettings } from "@/components/organization/organization-settings";

export default function OrganizationPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Organization</h1>
      <OrganizationSettings />
    </div>
  );
}
