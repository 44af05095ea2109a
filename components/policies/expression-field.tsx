import { Check, Loader2 } from "lucide-react";
import type { UseFormReturn } from "react-hook-form";
import type { PolicyDraft, TPolicyForm } from "@/lib/queries/policy-draft";
import type { ExpressionCheck } from "@/lib/queries/policy-expression";
import { FieldError, fieldErrorProps } from "../ui/field";
import { Label } from "../ui/label";
import { Textarea } from "../ui/textarea";
import { ExpressionError } from "./expression-error";

interface Props {
  form: UseFormReturn<PolicyDraft, unknown, TPolicyForm>;
  name: "condition" | "consensus";
  id: string;
  label: string;
  /** What an empty field means, and what the expression may read. */
  hint: string;
  placeholder: string;
  check: ExpressionCheck;
}

/**
 * A policy expression in a monospace text area. Two verdicts show under it: the schema's (its
 * length) and the server's as it is typed (does it parse and check, and where it breaks).
 */
export function ExpressionField({ form, name, id, label, hint, placeholder, check }: Props) {
  const schema = fieldErrorProps(form, name, id);
  const checkErrorId = `${id}-check-error`;
  const describedBy = [
    schema.message && schema.errorId,
    check.state === "invalid" && checkErrorId,
    `${id}-hint`,
  ].filter(Boolean);
  return (
    <div className="grid gap-1.5" data-expression-field={id}>
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        <CheckState check={check} />
      </div>
      <Textarea
        id={id}
        placeholder={placeholder}
        spellCheck={false}
        autoComplete="off"
        className="min-h-16 font-mono text-xs"
        aria-invalid={Boolean(schema.message) || check.state === "invalid"}
        aria-describedby={describedBy.join(" ")}
        {...form.register(name)}
      />
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {hint}
      </p>
      <FieldError id={schema.errorId} message={schema.message} />
      {check.state === "invalid" && (
        <ExpressionError id={checkErrorId} source={form.getValues(name)} problem={check.problem} />
      )}
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
