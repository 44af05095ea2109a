"use client";

import type { ReactNode } from "react";
import { DashboardShell } from "@/components/dashboard/shell";
import { SessionGate } from "@/lib/client/session-context";

export default function DashboardLayout({ children }: { children: ReactNode }) {
  return (
    <SessionGate>
      <DashboardShell>{children}</DashboardShell>
    </SessionGate>
  );
}
