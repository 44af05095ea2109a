"use client";

import { LogOut } from "lucide-react";
import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { signOut } from "@/lib/client/login";
import { useSession } from "@/lib/client/session-context";
import { useWhoami } from "@/lib/queries/whoami";
import { ThemeToggle } from "../theme-toggle";
import { Button } from "../ui/button";
import { MobileMenu } from "./mobile-menu";
import { NavLinks } from "./nav-links";
import { OrganizationHeading } from "./organization-heading";

/**
 * Sidebar, header and page. From `md` (768 px) up the sidebar stays open beside the page; below it
 * folds into the header's menu button (MobileMenu) so a phone gets the whole width.
 */
export function DashboardShell({ children }: { children: ReactNode }) {
  const session = useSession();
  const router = useRouter();
  const me = useWhoami();
  const leave = async () => {
    // Even when the server cannot be told (offline, session already gone), this browser forgets it.
    await signOut(session).catch(() => undefined);
    router.replace("/login");
  };
  return (
    <div className="flex min-h-screen">
      {/* Keyboard users skip the navigation links; the link shows itself only when focused. */}
      <a
        href="#main"
        className="sr-only rounded-md bg-primary px-3 py-2 text-sm text-primary-foreground focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50"
      >
        Skip to content
      </a>
      <aside className="w-56 shrink-0 border-r border-border p-4 max-md:hidden">
        <OrganizationHeading testId="organization-name" />
        <div className="mt-6">
          <NavLinks />
        </div>
      </aside>
      <div className="flex min-w-0 flex-1 flex-col">
        <header className="flex items-center justify-end gap-2 border-b border-border px-6 py-3 max-md:px-3">
          <MobileMenu />
          {/* On a phone the sidebar's heading is in the menu: the header names the organization. */}
          <p
            className="mr-auto min-w-0 truncate font-semibold md:hidden"
            data-testid="organization-name-compact"
          >
            {me.data?.organizationName ?? "Latchkey"}
          </p>
          <span className="truncate text-sm text-muted-foreground" data-testid="signed-in-user">
            {me.data?.username}
          </span>
          <ThemeToggle />
          <Button variant="outline" size="sm" onClick={leave} aria-label="Sign out">
            <LogOut className="h-4 w-4" aria-hidden /> <span className="max-sm:sr-only">Sign out</span>
          </Button>
        </header>
        {/* tabIndex -1: the skip link can move the focus here, not only scroll. */}
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 p-6 focus:outline-none max-sm:p-3">
          {children}
        </main>
      </div>
    </div>
  );
}
