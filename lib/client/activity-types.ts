/** Votes are recorded on the activity they decide, never stored as activities of their own. */
const VOTE_PATHS = ["/public/v1/submit/approve_activity", "/public/v1/submit/reject_activity"];

/** Recorded when an installation or the CLI bootstraps an organization; no endpoint submits it. */
const BOOTSTRAP_TYPE = "ACTIVITY_TYPE_CREATE_ORGANIZATION";

interface OpenApiDocument {
  paths: Record<
    string,
    {
      post?: {
        requestBody?: {
          content?: { "application/json"?: { schema?: { properties?: { type?: { enum?: string[] } } } } };
        };
      };
    }
  >;
}

/**
 * Every activity type this server records, read from its OpenAPI document (generated from the
 * activity registry), so the dashboard's type filter cannot drift from what the server accepts.
 */
export async function fetchActivityTypes(): Promise<string[]> {
  const response = await fetch("/public/v1/openapi.json");
  if (!response.ok) throw new Error(`could not load the activity types (HTTP ${response.status})`);
  const doc = (await response.json()) as OpenApiDocument;
  const types = new Set([BOOTSTRAP_TYPE]);
  for (const [path, item] of Object.entries(doc.paths)) {
    if (!path.startsWith("/public/v1/submit/") || VOTE_PATHS.includes(path)) continue;
    const schema = item.post?.requestBody?.content?.["application/json"]?.schema;
    for (const type of schema?.properties?.type?.enum ?? []) types.add(type);
  }
  return [...types].sort();
}
