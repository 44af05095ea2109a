export function JsonBlock({ value, label }: { value: unknown; label: string }) {
  return (
    <div className="grid gap-1">
      <h3 className="text-sm font-medium">{label}</h3>
      <pre className="max-h-96 overflow-auto rounded-md bg-muted p-3 text-xs" aria-label={label}>
        {JSON.stringify(value, null, 2)}
      </pre>
    </div>
  );
}
