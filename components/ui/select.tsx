import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * A native <select>, styled like Input: the platform's own menu is keyboard- and screen-reader-
 * friendly everywhere, and `color-scheme` gives it the dark theme.
 */
export function Select({ className, ...props }: ComponentProps<"select">) {
  return (
    <select
      className={cn(
        "h-9 w-full max-sm:h-11 rounded-md border border-border bg-background px-2 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40",
        className,
      )}
      {...props}
    />
  );
}
