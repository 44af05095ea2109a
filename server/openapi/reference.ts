import referenceData from "./reference-operations.json";

/**
 * The compatible API's public paths, grouped by the tag its OpenAPI description files them under.
 * Kept in the repository as data (reference-operations.json) so that tests and the README table do
 * not depend on the description being checked out beside us; `referenceFromSwagger` rebuilds it.
 */
export type ReferenceGroups = Record<string, string[]>;

export const REFERENCE_SOURCE: string = referenceData.source;
export const referenceGroups: ReferenceGroups = referenceData.groups;

/** Every reference path, in group order. */
export function referencePaths(groups: ReferenceGroups = referenceGroups): string[] {
  return Object.values(groups).flat();
}

type Swagger = {
  tags?: { name: string }[];
  "x-tagGroups"?: { tags: string[] }[];
  paths: Record<string, Record<string, { tags?: string[] }>>;
};

/**
 * The groups of a Swagger document's public paths (`/public/v1/...`; its `/tkhq/...` paths are the
 * vendor's internal tooling, not the API clients call). Groups follow the document's own menu
 * (`x-tagGroups`), then first appearance; a tag spelt in two cases ("API keys", "API Keys") is one
 * group, named as the menu spells it.
 */
export function referenceFromSwagger(swagger: Swagger): ReferenceGroups {
  const menu = [
    ...(swagger["x-tagGroups"] ?? []).flatMap((g) => g.tags),
    ...(swagger.tags ?? []).map((t) => t.name),
  ];
  const spelling = new Map<string, string>();
  for (const name of menu) if (!spelling.has(name.toLowerCase())) spelling.set(name.toLowerCase(), name);

  const byTag = new Map<string, string[]>();
  for (const name of menu) byTag.set(spelling.get(name.toLowerCase())!, []);
  for (const [path, operations] of Object.entries(swagger.paths)) {
    if (!path.startsWith("/public/v1/")) continue;
    const raw = Object.values(operations)[0]?.tags?.[0] ?? "Untagged";
    const tag = spelling.get(raw.toLowerCase()) ?? raw;
    if (!spelling.has(raw.toLowerCase())) spelling.set(raw.toLowerCase(), raw);
    byTag.set(tag, [...(byTag.get(tag) ?? []), path]);
  }
  return Object.fromEntries(
    [...byTag].filter(([, paths]) => paths.length > 0).map(([tag, paths]) => [tag, paths.sort()]),
  );
}
