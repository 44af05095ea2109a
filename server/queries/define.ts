import type { z } from "zod";
import type { Reader } from "../auth/caller";
import type { AppContext } from "../context";
import type { OrganizationRow } from "../db/schema";

export interface QueryContext {
  app: AppContext;
  /** The organization named by the request (the caller's own, or a sub-organization of it). */
  organization: OrganizationRow;
  /** Who reads: a stamped caller or a read-only session's user (no stamp, no credential). */
  caller: Reader;
  now: Date;
}

export interface QueryDefinition<Q extends z.ZodType = z.ZodType, R = unknown> {
  path: string;
  summary: string;
  /** Not part of the compatible API: a Latchkey addition, marked as such in the OpenAPI document. */
  latchkeyExtension?: boolean;
  request: Q;
  response: z.ZodType<R>;
  run(ctx: QueryContext, request: z.infer<Q>): Promise<R>;
}

export function defineQuery<Q extends z.ZodType, R>(
  definition: QueryDefinition<Q, R>,
): QueryDefinition<Q, R> {
  return definition;
}
