import { describe, expect, it } from "vitest";
import { activityRegistry, voteRegistry } from "../../activities/index";
import { queryRegistry } from "../../queries/index";
import { buildOpenApiDocument } from "../document";
import { referencePaths as allReferencePaths } from "../reference";

// The path names of the compatible API's public OpenAPI description (shared/reference), as data.
const referencePaths = allReferencePaths();

type Operation = {
  post: {
    "x-latchkey-extension"?: boolean;
    requestBody: { content: { "application/json": { schema: Record<string, unknown> } } };
    responses: Record<string, unknown>;
  };
};

const document = buildOpenApiDocument() as {
  openapi: string;
  paths: Record<string, Operation>;
  components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
};

const JSON_SCHEMA_TYPES = ["object", "array", "string", "number", "integer", "boolean", "null"];

/** Every (sub)schema node below `node`, found by walking the JSON Schema keywords that nest schemas. */
function schemaNodes(node: Record<string, unknown>, out: Record<string, unknown>[] = []) {
  out.push(node);
  const children: unknown[] = [
    node.items,
    node.additionalProperties,
    ...Object.values((node.properties as Record<string, unknown>) ?? {}),
    ...((node.anyOf as unknown[]) ?? []),
    ...((node.oneOf as unknown[]) ?? []),
    ...((node.allOf as unknown[]) ?? []),
  ];
  for (const child of children) {
    if (child && typeof child === "object" && !Array.isArray(child)) {
      schemaNodes(child as Record<string, unknown>, out);
    }
  }
  return out;
}

/** Resolve a local `$ref` such as "#/components/schemas/Activity" against the document. */
function resolve(ref: string): unknown {
  return ref
    .slice(2)
    .split("/")
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

describe("OpenAPI document", () => {
  it("describes every endpoint the pipeline dispatches, and nothing else", () => {
    const expected = [
      ...Object.keys(activityRegistry).map((p) => `/public/v1/submit/${p}`),
      ...Object.keys(voteRegistry).map((p) => `/public/v1/submit/${p}`),
      ...Object.keys(queryRegistry).map((p) => `/public/v1/query/${p}`),
    ].sort();
    expect(document.openapi).toBe("3.1.0");
    expect(Object.keys(document.paths).sort()).toEqual(expected);
  });

  it("uses the compatible API's paths, marking anything else as a Latchkey extension", () => {
    for (const [path, operation] of Object.entries(document.paths)) {
      if (operation.post["x-latchkey-extension"]) expect(referencePaths).not.toContain(path);
      else expect(referencePaths, path).toContain(path);
    }
  });

  it("gives each operation a JSON Schema request body and the shared error responses", () => {
    const createUsers = document.paths["/public/v1/submit/create_users"]!.post;
    const schema = createUsers.requestBody.content["application/json"].schema as {
      properties: { type: { enum: string[] }; parameters: { properties: Record<string, unknown> } };
    };
    expect(schema.properties.type.enum).toContain("ACTIVITY_TYPE_CREATE_USERS_V4");
    expect(Object.keys(schema.properties.parameters.properties)).toContain("users");
    for (const operation of Object.values(document.paths)) {
      expect(operation.post.requestBody.content["application/json"].schema.type ?? "object").toBe("object");
      expect(Object.keys(operation.post.responses)).toEqual(
        expect.arrayContaining(["200", "400", "401", "403", "404", "413"]),
      );
    }
  });

  it("gives every request and response a JSON Schema whose types are JSON Schema types and whose refs resolve", () => {
    const text = JSON.stringify(document);
    for (const [, ref] of text.matchAll(/"\$ref":"([^"]+)"/g)) expect(resolve(ref!), ref).toBeDefined();
    for (const [path, operation] of Object.entries(document.paths)) {
      const ok = operation.post.responses["200"] as {
        content: { "application/json": { schema: Record<string, unknown> } };
      };
      for (const schema of [
        operation.post.requestBody.content["application/json"].schema,
        ok.content["application/json"].schema,
      ]) {
        for (const node of schemaNodes(schema)) {
          expect(node.$schema, path).toBeUndefined();
          if (node.type !== undefined) expect(JSON_SCHEMA_TYPES, path).toContain(node.type);
          if (node.required !== undefined) expect(Array.isArray(node.required), path).toBe(true);
        }
      }
    }
  });

  it("names the two stamp headers as its security schemes", () => {
    expect(document.components.securitySchemes).toEqual({
      ApiKeyStamp: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Stamp" }),
      WebAuthnStamp: expect.objectContaining({ type: "apiKey", in: "header", name: "X-Stamp-WebAuthn" }),
    });
  });
});
