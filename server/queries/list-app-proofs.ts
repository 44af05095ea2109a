import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { ZId } from "@/lib/api/common";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { loadAppProofs } from "../activities/app-proofs";
import { activities } from "../db/schema";
import { notFound } from "../errors";
import { defineQuery } from "./define";

export const listAppProofs = defineQuery({
  path: "list_app_proofs",
  summary:
    "The app proofs of one activity of the organization: the server key's signed statements of what " +
    "it did, made when an activity submitted with generateAppProofs: true completed (none otherwise). " +
    "Verify them offline with `latchkey verify-proof` (docs/app-proofs.md)",
  request: z.object({ organizationId: ZId, activityId: ZId }),
  response: QUERY_RESPONSES.list_app_proofs,
  async run({ app, organization }, request) {
    const [row] = await app.db
      .select({ id: activities.id })
      .from(activities)
      .where(and(eq(activities.organizationId, organization.id), eq(activities.id, request.activityId)));
    if (!row) throw notFound("activity", request.activityId);
    return { appProofs: (await loadAppProofs(app.db, [row.id])).get(row.id) ?? [] };
  },
});
