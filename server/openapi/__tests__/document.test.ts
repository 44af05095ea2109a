import { describe, expect, it } from "vitest";
import { activityRegistry, voteRegistry } from "../../activities/index";
import { queryRegistry } from "../../queries/index";
import { buildOpenApiDocument } from "../document";
// The path names of the compatible API's public OpenAPI description (shared/reference), as data.
import referencePaths from "./reference-paths.json";

type Operation = {
  post: {
    "x-latchkey-extension"?: boolean;
    requestBody: { content: { "application/json": { schema: Record<string, unknown> } } };
    responses: Record<string, unknown>;
  };
};

const document = buildOpenApiDocument() as { openapi: string; paths: Record<string, Operation> };

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
});
