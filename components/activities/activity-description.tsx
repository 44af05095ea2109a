"use client";

import { useDescriptions } from "@/lib/queries/waiting";
import { Alert } from "../ui/alert";
import { DecodedContent } from "./decoded-content";

/** The activity's summary and decoded content: what the detail page shows before any raw JSON. */
export function ActivityDescription({ activityId }: { activityId: string }) {
  const described = useDescriptions([activityId]);
  if (described.error) return <Alert>{described.error.message}</Alert>;
  const description = described.data?.[activityId];
  if (!description) return <p className="text-sm text-muted-foreground">Reading the summary…</p>;
  return (
    <section className="grid gap-3">
      <p className="text-lg break-words" data-testid="activity-summary">
        {description.summary}
      </p>
      {description.decoded.map((content, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: payloads keep their order
        <DecodedContent key={i} content={content} />
      ))}
    </section>
  );
}
