"use client";

// First: parse without eval before any schema runs (see the module).
import "@/lib/client/zod-without-eval";
import { QueryCache, QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { SIGN_IN_AGAIN, sessionEnded } from "@/lib/client/session-ended";
import { clearSession, loadSession } from "@/lib/client/session-store";

export function Providers({ children }: { children: ReactNode }) {
  const router = useRouter();
  const [client] = useState(
    () =>
      new QueryClient({
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } },
        // A read refused because the session is over: forget it here too and ask for the passkey.
        queryCache: new QueryCache({
          onError: (error) => {
            if (!sessionEnded(error)) return;
            // Only a session still kept here ended on its own: one signed out was forgotten first
            // (signOut), and its sign-out goes to the sign-in page by itself.
            void loadSession().then((kept) => {
              if (kept) clearSession().finally(() => router.replace(SIGN_IN_AGAIN));
            });
          },
        }),
      }),
  );
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
