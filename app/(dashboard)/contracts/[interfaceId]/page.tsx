"use client";

import { use } from "react";
import { ContractDetail } from "@/components/contracts/contract-detail";

export default function ContractPage({ params }: { params: Promise<{ interfaceId: string }> }) {
  const { interfaceId } = use(params);
  return <ContractDetail interfaceId={interfaceId} />;
}
