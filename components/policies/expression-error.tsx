import type { ExpressionProblem } from "@/lib/client/expression-problem";

/**
 * The refused expression's line in a monospace view, the culprit character marked and a caret
 * under it, then what was expected. The caret line copies the line's tabs so it stays aligned.
 */
export function ExpressionError({
  id,
  source,
  problem,
}: {
  id: string;
  source: string;
  problem: ExpressionProblem;
}) {
  const { line, column } = problem;
  const text = line ? source.split("\n")[line - 1] : undefined;
  return (
    <div id={id} role="alert" className="grid gap-1 text-sm text-destructive" data-testid="expression-error">
      {text !== undefined && column && <Pointer text={text} column={column} />}
      <p>
        {line && column ? `at ${line}:${column}: ` : ""}
        {problem.message}
      </p>
    </div>
  );
}

function Pointer({ text, column }: { text: string; column: number }) {
  const before = text.slice(0, column - 1);
  // Past the end ("end of input"): mark the empty spot after the last character.
  const at = text.slice(column - 1, column) || " ";
  const after = text.slice(column);
  return (
    <pre className="overflow-x-auto rounded-md bg-destructive/10 px-3 py-2 font-mono text-xs leading-5 text-foreground">
      {before}
      <mark
        className="rounded-sm bg-destructive/30 text-foreground underline decoration-destructive decoration-wavy"
        data-testid="expression-error-marker"
      >
        {at}
      </mark>
      {after}
      {"\n"}
      <span aria-hidden className="text-destructive">
        {before.replace(/[^\t]/g, " ")}^
      </span>
    </pre>
  );
}
