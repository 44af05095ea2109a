import { TriangleAlert } from "lucide-react";
import type { TDecodedContent } from "@/lib/api/activity-summary";

/**
 * What an activity signs, decoded (server/decode): the headline, what could not be decoded in red,
 * then every field as an indented list. Long values wrap, so nothing scrolls sideways on a phone.
 */
export function DecodedContent({ content }: { content: TDecodedContent }) {
  return (
    <section className="grid gap-2 rounded-md border border-border p-3" data-testid="decoded-content">
      <p className="font-medium break-words">{content.headline}</p>
      {content.warning && (
        <p className="flex gap-2 text-sm text-destructive" data-testid="decoded-warning">
          <TriangleAlert className="mt-0.5 h-4 w-4 shrink-0" aria-hidden />
          <span>{content.warning}</span>
        </p>
      )}
      <dl className="grid gap-1 text-sm">
        {content.fields.map((line, i) => (
          <div
            // Lines are positional: the same label may repeat at different depths.
            // biome-ignore lint/suspicious/noArrayIndexKey: the list never reorders
            key={i}
            className="flex flex-wrap gap-x-2"
            style={{ paddingLeft: `${line.depth}rem` }}
            data-testid="decoded-field"
          >
            <dt className="text-muted-foreground">{line.label}</dt>
            {line.value !== undefined && (
              <dd className="min-w-0 break-all font-mono text-xs leading-5">{line.value}</dd>
            )}
          </div>
        ))}
      </dl>
    </section>
  );
}
