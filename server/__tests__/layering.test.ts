import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** Every TypeScript source under `dir` (tests excluded: they may reach anywhere to set a scene). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "__tests__" && entry.name !== "node_modules") out.push(...sources(rel));
    } else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) {
      out.push(rel);
    }
  }
  return out;
}

/** The project-relative paths a file imports (relative and `@/` specifiers; packages are skipped). */
function importsOf(file: string): string[] {
  const text = fs.readFileSync(path.join(ROOT, file), "utf8");
  const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)].map((m) => m[1]!);
  return specifiers.flatMap((s) => {
    if (s.startsWith("@/")) return [s.slice(2)];
    if (s.startsWith(".")) return [path.join(path.dirname(file), s)];
    return [];
  });
}

const under = (target: string, folder: string) => target === folder || target.startsWith(`${folder}/`);

/** Files of `from` that import anything under `folder`, as "file → import". */
function violations(from: string[], folder: string): string[] {
  return from.flatMap((file) =>
    importsOf(file)
      .filter((target) => under(target, folder))
      .map((target) => `${file} → ${target}`),
  );
}

describe("layering: each layer imports only downward", () => {
  const server = sources("server");

  it("nothing under server/ imports the HTTP layer but the test harness (api/ sits directly under app/)", () => {
    const outside = server.filter((f) => !under(f, "server/api") && !under(f, "server/testing"));
    expect(outside.length).toBeGreaterThan(100);
    expect(violations(outside, "server/api")).toEqual([]);
  });

  it("the policy engine does not import the activities it decides on (they hand it their profile)", () => {
    expect(
      violations(
        server.filter((f) => under(f, "server/policy")),
        "server/activities",
      ),
    ).toEqual([]);
  });

  it("outside the signer boundary nobody holds a key pair: no signing algorithm or derivation is imported", () => {
    // The benchmark measures the signer's internals on purpose, as tests do.
    const outside = server.filter((f) => !under(f, "server/signer") && !under(f, "server/cli/bench"));
    const reach = [
      ...violations(outside, "server/signer/signing"),
      ...violations(outside, "server/signer/hd"),
    ];
    expect(reach).toEqual([]);
  });

  it("browser code (components/, lib/) never imports server/", () => {
    const browser = [...sources("components"), ...sources("lib")];
    expect(browser.length).toBeGreaterThan(50);
    expect(violations(browser, "server")).toEqual([]);
  });
});
