"use client";

import {
  Building,
  FileCode,
  Fingerprint,
  Key,
  KeyRound,
  ListChecks,
  LogOut,
  ShieldCheck,
  Tags,
  Users,
  Wallet,
} from "lucide-react";
import Link from "next/link";
import { usePathname, useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { signOut } from "@/lib/client/login";
import { useSession } from "@/lib/client/session-context";
import { useWhoami } from "@/lib/queries/whoami";
import { cn } from "@/lib/utils/cn";
import { ThemeToggle } from "../theme-toggle";
import { Button } from "../ui/button";

const NAV = [
  { href: "/activities", label: "Activities", icon: ListChecks },
  { href: "/users", label: "Users", icon: Users },
  { href: "/api-keys", label: "API keys", icon: KeyRound },
  { href: "/wallets", label: "Wallets", icon: Wallet },
  { href: "/private-keys", label: "Private keys", icon: Key },
  { href: "/tags", label: "Tags", icon: Tags },
  { href: "/contracts", label: "Contract interfaces", icon: FileCode },
  { href: "/policies", label: "Policies", icon: ShieldCheck },
  { href: "/organization", label: "Organization", icon: Building },
  { href: "/account", label: "Your passkeys", icon: Fingerprint },
];

export function DashboardShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const pathname = usePathname();
  const router = useRouter();
  const me = useWhoami();
  const leave = async () => {
    // Even when the server cannot be told (offline, session already gone), this browser forgets it.
    await signOut(session).catch(() => undefined);
    router.replace("/login");
  };
  return (
    <div className="flex min-h-screen">
      {/* Keyboard users skip the ten navigation links; the link shows itself only when focused. */}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <aside className="w-56 shrink-0 border-r border-border p-4">
        <p className="text-lg font-semibold tracking-tight">Latchkey</p>
        <p className="mt-1 truncate text-sm text-muted-foreground" data-testid="organization-name">
          {me.data?.organizationName ?? "…"}
        </p>
        <nav className="mt-6 flex flex-col gap-1">
          {NAV.map(({ href, label, icon: Icon }) => (
            <Link
              key={href}
              href={href}
              // Screen readers say which page this is; sighted users see the highlight.
              aria-current={pathname.startsWith(href) ? "page" : undefined}
              className={cn(
                "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted",
                pathname.startsWith(href) && "bg-muted font-medium",
              )}
            >
              <Icon className="h-4 w-4" aria-hidden />
              {label}
            </Link>
          ))}
        </nav>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-2 border-b border-border px-6 py-3">
          <span className="text-sm text-muted-foreground" data-testid="signed-in-user">
            {me.data?.username}
          </span>
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={leave}>
            <LogOut className="h-4 w-4" /> Sign out
          </Button>
        </header>
        {/* tabIndex -1: the skip link can move the focus here, not only scroll. */}
        <main id="main" tabIndex={-1} className="flex-1 p-6 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
