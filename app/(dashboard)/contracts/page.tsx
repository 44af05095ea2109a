import { ContractTable } from "@/components/contracts/contract-table";
import { UploadContractForm } from "@/components/contracts/upload-contract-form";

export default function ContractsPage() {
  return (
    <div className="grid gap-6">
      <h1 className="text-2xl font-semibold tracking-tight">Contract interfaces</h1>
      <UploadContractForm />
      <ContractTable />
    </div>
  );
}
