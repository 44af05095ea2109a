import { describe, expect, it } from "vitest";
import { QUERY_RESPONSES } from "@/lib/api/query-responses";
import { queryRegistry } from "..";

describe("every query answers with the schema the dashboard parses", () => {
  it("declares QUERY_RESPONSES[path] as its response, and the table lists exactly the registered queries", () => {
    for (const [path, definition] of Object.entries(queryRegistry)) {
      expect(definition.response, path).toBe(QUERY_RESPONSES[path as keyof typeof QUERY_RESPONSES]);
    }
    expect(Object.keys(QUERY_RESPONSES).sort()).toEqual(Object.keys(queryRegistry).sort());
  });
});
