import { z } from "zod";
import { ACTIVITY_TYPES, BOOTSTRAP_ACTIVITY_TYPE } from "../api/activity-types";
import { humanize } from "./format";

/** Votes are recorded on the activity they decide, never stored as activities of their own. */
const VOTE_TYPES = new Set<string>([ACTIVITY_TYPES.approve_activity, ACTIVITY_TYPES.reject_activity]);

/** Every type this server records under its current name: the registry's shared list, plus the bootstrap. */
export const RECORDED_ACTIVITY_TYPES: string[] = [
  BOOTSTRAP_ACTIVITY_TYPE,
  ...Object.values(ACTIVITY_TYPES).filter((type) => !VOTE_TYPES.has(type)),
].sort();

/** Of the OpenAPI document, only what names the types a submit endpoint accepts (the rest may vary). */
const ZAcceptedTypes = z.object({
  post: z.object({
    requestBody: z.object({
      content: z.object({
        "application/json": z.object({
          schema: z.object({ properties: z.object({ type: z.object({ enum: z.array(z.string()) }) }) }),
        }),
      }),
    }),
  }),
});
const ZOpenApiDocument = z.object({ paths: z.record(z.string(), z.unknown()) });

/**
 * The shared list, plus the older versions of a type the server still accepts (an SDK may send
 * ACTIVITY_TYPE_CREATE_USERS_V3): they are recorded as sent, so they must be filterable too. Only
 * the OpenAPI document (generated from the activity registry) names those.
 */
export async function fetchActivityTypes(): Promise<string[]> {
  const response = await fetch("/public/v1/openapi.json");
  if (!response.ok) throw new Error(`could not load the activity types (HTTP ${response.status})`);
  const doc = ZOpenApiDocument.parse(await response.json());
  const types = new Set(RECORDED_ACTIVITY_TYPES);
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/public/v1/submit/")) continue;
    const endpoint = ZAcceptedTypes.safeParse(item);
    if (!endpoint.success) continue;
    const accepted = endpoint.data.post.requestBody.content["application/json"].schema.properties.type.enum;
    for (const type of accepted) if (!VOTE_TYPES.has(type)) types.add(type);
  }
  return [...types].sort();
}

/** ACTIVITY_TYPE_CREATE_USERS_V4 → "Create users v4": the version is kept, two versions can both be listed. */
export const activityTypeName = (type: string) => humanize(type, "ACTIVITY_TYPE_");
