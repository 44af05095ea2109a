"use client";

import { useRouter } from "next/navigation";
import { createContext, type ReactNode, useContext, useEffect, useState } from "react";
import { SIGN_IN_AGAIN } from "@/lib/client/session-ended";
import { loadSession, type StoredSession } from "@/lib/client/session-store";

const SessionContext = createContext<StoredSession | undefined>(undefined);

/** Renders its children only with a live session; without one, goes to the sign-in page. */
export function SessionGate({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [session, setSession] = useState<StoredSession>();
  useEffect(() => {
    loadSession().then((found) => (found ? setSession(found) : router.replace("/login")));
  }, [router]);
  useEffect(() => {
    if (!session) return;
    // When the session runs out, the next read would fail: go to sign-in instead.
    const timer = setTimeout(() => router.replace(SIGN_IN_AGAIN), session.expiresAt - Date.now());
    return () => clearTimeout(timer);
  }, [session, router]);
  if (!session) return <p className="p-8 text-sm text-muted-foreground">Loading…</p>;
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): StoredSession {
  const session = useContext(SessionContext);
  if (!session) throw new Error("useSession outside SessionGate");
  return session;
}
