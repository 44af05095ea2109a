"use client";

import { Check, Copy } from "lucide-react";
import { useEffect, useState } from "react";
import { Button } from "./button";

/**
 * Copies `value` to the clipboard; the icon turns into a tick for a moment so people see it worked.
 * `label` names what is copied for screen readers ("Copy address 0x…").
 */
export function CopyButton({ value, label }: { value: string; label: string }) {
  const [state, setState] = useState<"idle" | "copied" | "failed">("idle");
  useEffect(() => {
    if (state === "idle") return;
    const timer = setTimeout(() => setState("idle"), 1500);
    return () => clearTimeout(timer);
  }, [state]);
  const copy = () =>
    navigator.clipboard.writeText(value).then(
      () => setState("copied"),
      // Refused (no permission, page not focused): say so rather than fail silently.
      () => setState("failed"),
    );
  return (
    <Button
      type="button"
      variant="ghost"
      size="sm"
      className="h-7 px-2"
      aria-label={label}
      title={state === "failed" ? "Could not copy: the browser refused" : label}
      onClick={copy}
    >
      {state === "copied" ? <Check className="h-3.5 w-3.5" /> : <Copy className="h-3.5 w-3.5" />}
    </Button>
  );
}
