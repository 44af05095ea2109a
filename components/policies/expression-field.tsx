import { Check, Loader2 } from "lucide-react";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";
import { ExpressionError } from "./expression-error";
import type { ExpressionCheck } from "./use-expression-check";

interface Props {
  id: string;
  label: string;
  /** What an empty field means, and what the expression may read. */
  hint: string;
  placeholder: string;
  value: string;
  check: ExpressionCheck;
  onChange(value: string): void;
}

/** A policy expression in a monospace text area, with the server's verdict under it as it is typed. */
export function ExpressionField({ id, label, hint, placeholder, value, check, onChange }: Props) {
  const errorId = `${id}-error`;
  return (
    <div className="grid gap-1.5" data-expression-field={id}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <CheckState check={check} />
      </div>
      <Textarea
        id={id}
        name={id}
        value={value}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        maxLength={8192}
        className="min-h-16 font-mono text-xs"
        aria-invalid={check.state === "invalid"}
        aria-describedby={check.state === "invalid" ? `${errorId} ${id}-hint` : `${id}-hint`}
        onChange={(event) => onChange(event.target.value)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      {check.state === "invalid" && <ExpressionError id={errorId} source={value} problem={check.problem} />}
      {check.state === "unknown" && (
        <p className="text-xs text-muted-foreground">Could not check it: {check.message}</p>
      )}
    </div>
  );
}

function CheckState({ check }: { check: ExpressionCheck }) {
  if (check.state === "checking") {
    return (
      <span className="flex items-center gap-1 text-xs text-muted-foreground">
        <Loader2 className="h-3 w-3 animate-spin" /> Checking…
      </span>
    );
  }
  if (check.state === "valid") {
    return (
      <span className="flex items-center gap-1 text-xs text-emerald-700 dark:text-emerald-400">
        <Check className="h-3 w-3" /> Valid
      </span>
    );
  }
  return null;
}
