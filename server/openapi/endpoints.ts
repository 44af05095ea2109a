import { activityRegistry, voteRegistry } from "../activities/index";
import { queryRegistry } from "../queries/index";

export type EndpointKind = "query" | "activity";

/** One path this server answers, as the registries declare it. */
export interface Endpoint {
  path: string;
  kind: EndpointKind;
  /** Set by the definition: the compatible API has no such path. */
  latchkeyExtension: boolean;
}

/** Every path the pipeline dispatches: activities and votes under submit/, queries under query/. */
export function registeredEndpoints(): Endpoint[] {
  const activity = (name: string, extension = false): Endpoint => ({
    path: `/public/v1/submit/${name}`,
    kind: "activity",
    latchkeyExtension: extension,
  });
  return [
    ...Object.entries(activityRegistry).map(([name, def]) => activity(name, def.latchkeyExtension)),
    ...Object.keys(voteRegistry).map((name) => activity(name)),
    ...Object.entries(queryRegistry).map(([name, def]) => ({
      path: `/public/v1/query/${name}`,
      kind: "query" as const,
      latchkeyExtension: def.latchkeyExtension ?? false,
    })),
  ];
}
