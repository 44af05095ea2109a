"use client";

import { use } from "react";
import { PolicyDetail } from "@/components/policies/policy-detail";

export default function PolicyPage({ params }: { params: Promise<{ policyId: string }> }) {
  const { policyId } = use(params);
  return <PolicyDetail policyId={policyId} />;
}
