import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { compatibilityProblems, compatibilityRows } from "../compatibility";
import { compatibilityMarkdown } from "../compatibility-markdown";
import { registeredEndpoints } from "../endpoints";
import { readSection } from "../readme-section";
import { REFERENCE_SOURCE, referenceFromSwagger, referenceGroups, referencePaths } from "../reference";

const ROOT = path.resolve(import.meta.dirname, "../../..");
// The description itself sits beside the checkout in the workspace; a bare clone has only our copy.
const SWAGGER = path.resolve(ROOT, "..", REFERENCE_SOURCE);

describe("README compatibility table", () => {
  it("is what the registries and the reference say today", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(
      readSection(readme),
      "README.md's compatibility section is stale: run `npm run docs:compatibility`",
    ).toBe(compatibilityMarkdown());
  });

  it("has every registered path either in the reference or marked latchkeyExtension", () => {
    expect(compatibilityProblems()).toEqual([]);
  });

  it("lists each reference path once and marks supported exactly the registered ones", () => {
    const rows = compatibilityRows();
    const reference = rows.filter((r) => r.status !== "Latchkey extension");
    expect(reference.map((r) => r.path)).toEqual(referencePaths());
    expect(new Set(reference.map((r) => r.path)).size).toBe(reference.length);
    const served = registeredEndpoints().filter((e) => !e.latchkeyExtension);
    expect(
      reference
        .filter((r) => r.status === "supported")
        .map((r) => r.path)
        .sort(),
    ).toEqual(served.map((e) => e.path).sort());
    for (const row of rows) expect(row.kind).toBe(row.path.includes("/query/") ? "query" : "activity");
  });

  it("lists the Latchkey extensions after the reference", () => {
    const extensions = registeredEndpoints().filter((e) => e.latchkeyExtension);
    expect(extensions.length).toBeGreaterThan(0);
    const rows = compatibilityRows();
    expect(rows.slice(-extensions.length).map((r) => r.status)).toEqual(
      extensions.map(() => "Latchkey extension"),
    );
  });

  it("names the rule a path breaks: unknown and unmarked, or known and marked", () => {
    const groups = { Users: ["/public/v1/query/get_user"] };
    expect(
      compatibilityProblems(
        [
          { path: "/public/v1/query/get_user", kind: "query", latchkeyExtension: true },
          { path: "/public/v1/query/get_gadget", kind: "query", latchkeyExtension: false },
        ],
        groups,
      ),
    ).toEqual([
      "/public/v1/query/get_user is in the reference but marked latchkeyExtension",
      "/public/v1/query/get_gadget is not in the reference: set latchkeyExtension: true on its definition",
    ]);
    expect(() =>
      compatibilityRows(
        [{ path: "/public/v1/query/get_gadget", kind: "query", latchkeyExtension: false }],
        groups,
      ),
    ).toThrow(/get_gadget/);
  });

  it.skipIf(!fs.existsSync(SWAGGER))("keeps reference-operations.json in step with the description", () => {
    const swagger = JSON.parse(fs.readFileSync(SWAGGER, "utf8"));
    expect(
      referenceGroups,
      `reference-operations.json is stale: run \`npm run docs:compatibility -- --reference ${SWAGGER}\``,
    ).toEqual(referenceFromSwagger(swagger));
  });
});
