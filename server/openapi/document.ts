import { ZFingerprintParams } from "@/lib/api/activity";
import { activityRegistry, voteRegistry } from "../activities/index";
import { queryRegistry } from "../queries/index";
import { components } from "./components";
import { jsonSchema } from "./json-schema";

const errors = Object.fromEntries(
  ["400", "401", "403", "404", "409", "413", "500"].map((status) => [
    status,
    { $ref: "#/components/responses/Error" },
  ]),
);
const security = [{ ApiKeyStamp: [] }, { WebAuthnStamp: [] }];

function activityRequest(types: string[], parameters: Record<string, unknown>) {
  return {
    type: "object",
    required: ["type", "timestampMs", "organizationId", "parameters"],
    properties: {
      type: { type: "string", enum: types },
      timestampMs: {
        type: "string",
        description: "Milliseconds since the epoch; at most 1 hour old, 5 minutes ahead",
      },
      organizationId: { type: "string" },
      parameters,
    },
  };
}

function operation(
  summary: string,
  request: Record<string, unknown>,
  response: Record<string, unknown>,
  extension?: boolean,
) {
  return {
    post: {
      summary,
      security,
      ...(extension ? { "x-latchkey-extension": true } : {}),
      requestBody: { required: true, content: { "application/json": { schema: request } } },
      responses: {
        "200": { description: "OK", content: { "application/json": { schema: response } } },
        ...errors,
      },
    },
  };
}

/**
 * The OpenAPI 3.1 document of everything this server answers, generated from the registries so it
 * cannot drift from what the pipeline dispatches and validates.
 */
export function buildOpenApiDocument(): Record<string, unknown> {
  const paths: Record<string, unknown> = {};
  const activityResponse = { $ref: "#/components/schemas/ActivityResponse" };
  for (const def of Object.values(activityRegistry)) {
    paths[`/public/v1/submit/${def.path}`] = operation(
      def.summary,
      activityRequest([def.type, ...(def.alsoAccepts ?? [])], jsonSchema(def.params)),
      activityResponse,
      def.latchkeyExtension,
    );
  }
  for (const [path, vote] of Object.entries(voteRegistry)) {
    paths[`/public/v1/submit/${path}`] = operation(
      vote.approve ? "Approve an activity that needs consensus" : "Reject an activity that needs consensus",
      activityRequest([vote.type], jsonSchema(ZFingerprintParams)),
      activityResponse,
    );
  }
  for (const def of Object.values(queryRegistry)) {
    paths[`/public/v1/query/${def.path}`] = operation(
      def.summary,
      jsonSchema(def.request),
      jsonSchema(def.response, "output"),
      def.latchkeyExtension,
    );
  }
  return {
    openapi: "3.1.0",
    info: {
      title: "Latchkey API",
      version: "1",
      description: "Wire-compatible with Turnkey's public API. Every request is stamped over its exact body.",
    },
    servers: [{ url: "/" }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    components: components(),
  };
}

let cached: string | undefined;

/** The document as JSON text, built once per process. */
export function openApiJson(): string {
  cached ??= JSON.stringify(buildOpenApiDocument());
  return cached;
}
