import { Badge } from "../ui/badge";

/** Whether a wallet or key has left the server (exported) or came from elsewhere (imported). */
export function ProvenanceBadges({ exported, imported }: { exported: boolean; imported: boolean }) {
  if (!exported && !imported) return <span className="text-muted-foreground">—</span>;
  return (
    <span className="flex gap-1">
      {exported && <Badge tone="warning">exported</Badge>}
      {imported && <Badge>imported</Badge>}
    </span>
  );
}
