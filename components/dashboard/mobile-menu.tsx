"use client";

import { Menu, X } from "lucide-react";
import { Dialog as Primitive } from "radix-ui";
import { useState } from "react";
import { Button } from "../ui/button";
import { NavLinks } from "./nav-links";
import { OrganizationHeading } from "./organization-heading";

/**
 * Below the `md` breakpoint the sidebar folds into this menu: a button (Radix gives it aria-expanded
 * and aria-controls) opening a panel from the left. It is a modal dialog, so the focus stays inside
 * while it is open, Escape or the × closes it, and the focus returns to the button.
 */
export function MobileMenu() {
  const [open, setOpen] = useState(false);
  return (
    <Primitive.Root open={open} onOpenChange={setOpen}>
      <Primitive.Trigger asChild>
        <Button variant="outline" size="icon" aria-label="Menu" className="md:hidden">
          <Menu className="h-5 w-5" aria-hidden />
        </Button>
      </Primitive.Trigger>
      <Primitive.Portal>
        <Primitive.Overlay className="fixed inset-0 z-40 bg-black/40" />
        <Primitive.Content
          aria-describedby={undefined}
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-6 overflow-y-auto border-r border-border bg-card p-4 shadow-lg"
        >
          <div className="flex items-start justify-between gap-2">
            <OrganizationHeading />
            <Primitive.Close asChild>
              <Button variant="ghost" size="icon" aria-label="Close menu">
                <X className="h-5 w-5" aria-hidden />
              </Button>
            </Primitive.Close>
          </div>
          <Primitive.Title className="sr-only">Menu</Primitive.Title>
          <NavLinks onNavigate={() => setOpen(false)} />
        </Primitive.Content>
      </Primitive.Portal>
    </Primitive.Root>
  );
}
