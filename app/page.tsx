"use client";

import { useRouter } from "next/navigation";
import { useEffect } from "react";
import { DASHBOARD_HOME } from "@/lib/client/dashboard-home";
import { loadSession } from "@/lib/client/session-store";

/** Send a visitor where they belong: setup on an empty installation, else sign-in or the dashboard. */
export default function Home() {
  const router = useRouter();
  useEffect(() => {
    (async () => {
      const status = (await fetch("/api/setup").then((r) => r.json())) as { needsSetup?: boolean };
      if (status.needsSetup) return router.replace("/setup");
      router.replace((await loadSession()) ? DASHBOARD_HOME : "/login");
    })();
  }, [router]);
  return <p className="p-8 text-sm text-muted-foreground">Loading…</p>;
}
