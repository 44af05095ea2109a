"use client";

import {
  ArrowLeftRight,
  Banknote,
  Bell,
  Building,
  ChartLine,
  FileCode,
  Fingerprint,
  Inbox,
  Key,
  KeyRound,
  LayoutDashboard,
  ListChecks,
  Mail,
  ShieldCheck,
  Tags,
  Users,
  Wallet,
  Webhook,
} from "lucide-react";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { cn } from "@/lib/utils/cn";
import { UnreadCount } from "../notifications/unread-count";
import { WaitingCount } from "../waiting/waiting-count";

export const NAV = [
  { href: "/overview", label: "Overview", icon: LayoutDashboard },
  { href: "/waiting", label: "Waiting for you", icon: Inbox },
  { href: "/notifications", label: "Notifications", icon: Bell },
  { href: "/activities", label: "Activities", icon: ListChecks },
  { href: "/users", label: "Users", icon: Users },
  { href: "/api-keys", label: "API keys", icon: KeyRound },
  { href: "/wallets", label: "Wallets", icon: Wallet },
  { href: "/private-keys", label: "Private keys", icon: Key },
  { href: "/tags", label: "Tags", icon: Tags },
  { href: "/contracts", label: "Contract interfaces", icon: FileCode },
  { href: "/policies", label: "Policies", icon: ShieldCheck },
  { href: "/organization", label: "Organization", icon: Building },
  { href: "/outbox", label: "Outbox", icon: Mail },
  { href: "/webhooks", label: "Webhooks", icon: Webhook },
  { href: "/onramp", label: "On-ramp", icon: Banknote },
  { href: "/earn", label: "Earn", icon: ChartLine },
  { href: "/swap-fees", label: "Swap fees", icon: ArrowLeftRight },
  { href: "/account", label: "Your passkeys", icon: Fingerprint },
];

/**
 * The dashboard's page links, the same in the desktop sidebar and the phone menu. `onNavigate`
 * lets the phone menu close itself once a link is chosen.
 */
export function NavLinks({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  return (
    <nav className="flex flex-col gap-1">
      {NAV.map(({ href, label, icon: Icon }) => (
        <Link
          key={href}
          href={href}
          onClick={onNavigate}
          // Screen readers say which page this is; sighted users see the highlight.
          aria-current={pathname.startsWith(href) ? "page" : undefined}
          className={cn(
            "flex items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted max-md:min-h-11",
            "focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40",
            pathname.startsWith(href) && "bg-muted font-medium",
          )}
        >
          <Icon className="h-4 w-4" aria-hidden />
          {label}
          {href === "/waiting" && <WaitingCount />}
          {href === "/notifications" && <UnreadCount />}
        </Link>
      ))}
    </nav>
  );
}
