import { CodeBlock } from "../ui/code-block";

export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <figure className="grid min-w-0 content-start gap-1">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <CodeBlock className="max-h-96">{JSON.stringify(value, null, 2)}</CodeBlock>
    </figure>
  );
}
