import type { ComponentProps } from "react";
import { cn } from "@/lib/utils/cn";

/** An inline message; errors are announced to screen readers as they appear. */
export function Alert({
  className,
  tone = "error",
  ...props
}: ComponentProps<"div"> & { tone?: "error" | "info" }) {
  return (
    <div
      role={tone === "error" ? "alert" : "status"}
      className={cn(
        "rounded-md border px-3 py-2 text-sm",
        tone === "error"
          ? "border-destructive/40 bg-destructive/10 text-destructive"
          : "border-border bg-muted text-foreground",
        className,
      )}
      {...props}
    />
  );
}
