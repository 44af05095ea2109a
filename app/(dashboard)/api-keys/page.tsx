import { ApiKeyTable } from "@/components/api-keys/api-key-table";
import { CreateApiKeyForm } from "@/components/api-keys/create-api-key-form";

export default function ApiKeysPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">API keys</h1>
      <CreateApiKeyForm />
      <ApiKeyTable />
    </div>
  );
}
