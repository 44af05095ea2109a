import { type Endpoint, type EndpointKind, registeredEndpoints } from "./endpoints";
import { type ReferenceGroups, referenceGroups } from "./reference";

export type CompatibilityStatus = "supported" | "not yet" | "Latchkey extension";

export interface CompatibilityRow {
  group: string;
  path: string;
  kind: EndpointKind;
  status: CompatibilityStatus;
}

const EXTENSIONS_GROUP = "Latchkey extensions";

const kindOf = (path: string): EndpointKind => (path.startsWith("/public/v1/query/") ? "query" : "activity");

/**
 * Registered paths that break the rule of the compatible API: a path it does not have must be
 * marked `latchkeyExtension`, and a path it has must not be (clients would be told it is ours).
 */
export function compatibilityProblems(
  endpoints: Endpoint[] = registeredEndpoints(),
  groups: ReferenceGroups = referenceGroups,
): string[] {
  const reference = new Set(Object.values(groups).flat());
  return endpoints.flatMap((e) => {
    if (!e.latchkeyExtension && !reference.has(e.path)) {
      return [`${e.path} is not in the reference: set latchkeyExtension: true on its definition`];
    }
    if (e.latchkeyExtension && reference.has(e.path)) {
      return [`${e.path} is in the reference but marked latchkeyExtension`];
    }
    return [];
  });
}

/** One row per reference path, in the reference's groups, then one per Latchkey extension. */
export function compatibilityRows(
  endpoints: Endpoint[] = registeredEndpoints(),
  groups: ReferenceGroups = referenceGroups,
): CompatibilityRow[] {
  const problems = compatibilityProblems(endpoints, groups);
  if (problems.length > 0) throw new Error(problems.join("\n"));
  const served = new Set(endpoints.map((e) => e.path));
  const reference = Object.entries(groups).flatMap(([group, paths]) =>
    paths.map((path) => ({
      group,
      path,
      kind: kindOf(path),
      status: (served.has(path) ? "supported" : "not yet") as CompatibilityStatus,
    })),
  );
  const extensions = endpoints
    .filter((e) => e.latchkeyExtension)
    .map((e) => ({
      group: EXTENSIONS_GROUP,
      path: e.path,
      kind: e.kind,
      status: "Latchkey extension" as const,
    }))
    .sort((a, b) => a.path.localeCompare(b.path));
  return [...reference, ...extensions];
}
