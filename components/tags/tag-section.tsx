import { CreateTagForm } from "./create-tag-form";
import type { TagKind } from "./tag-kinds";
import { TagTable } from "./tag-table";

export function TagSection({ kind }: { kind: TagKind }) {
  return (
    <section className="grid gap-3" aria-label={kind.title}>
      <h2 className="text-lg font-semibold">{kind.title}</h2>
      <CreateTagForm kind={kind} />
      <TagTable kind={kind} />
    </section>
  );
}
