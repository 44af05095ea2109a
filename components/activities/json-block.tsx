export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <figure className="grid content-start gap-1">
      <figcaption className="text-sm font-medium">{label}</figcaption>
      <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs">
        {JSON.stringify(value, null, 2)}
      </pre>
    </figure>
  );
}
