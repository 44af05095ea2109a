import { CreatePrivateKeyForm } from "@/components/private-keys/create-private-key-form";
import { PrivateKeyTable } from "@/components/private-keys/private-key-table";

export default function PrivateKeysPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Private keys</h1>
      <CreatePrivateKeyForm />
      <PrivateKeyTable />
    </div>
  );
}
