import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/**
 * Preformatted text (JSON, an ABI) that may be longer or wider than its box. It scrolls, so it takes
 * the focus: otherwise a keyboard user could not scroll it (WCAG 2.1.1; axe's
 * scrollable-region-focusable).
 */
export function CodeBlock({ className, ...props }: ComponentProps<"pre">) {
  return (
    <pre
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling box must be focusable to be scrolled by keyboard
      tabIndex={0}
      className={cn(
        "overflow-auto rounded-md bg-muted p-3 text-xs focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary/40",
        className,
      )}
      {...props}
    />
  );
}
