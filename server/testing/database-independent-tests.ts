import fs from "node:fs";
import path from "node:path";

/**
 * The test files whose outcome cannot depend on which database is configured: nothing they import,
 * directly or through the project's own modules, opens a database (`server/db/open.ts`, `pg`,
 * PGlite), reads DATABASE_URL or starts another process (which could open one). CI's second pass,
 * on PostgreSQL, leaves them out (LATCHKEY_TESTS_DATABASE_DEPENDENT_ONLY=1): they ran in the first.
 *
 * The walk reads import specifiers with a pattern rather than a parser, and a type-only import
 * counts like any other: whatever it is unsure of, it follows, so it can only keep a test in.
 */
export function databaseIndependentTests(root: string, testFiles: string[]): string[] {
  const verdicts = new Map<string, boolean>();
  const dependent = (file: string, visiting: Set<string>): boolean => {
    const known = verdicts.get(file);
    if (known !== undefined) return known;
    if (visiting.has(file)) return false; // a cycle: its other edges decide
    visiting.add(file);
    const verdict = judge(file, visiting);
    visiting.delete(file);
    verdicts.set(file, verdict);
    return verdict;
  };
  const judge = (file: string, visiting: Set<string>): boolean => {
    if (file === path.join(root, "server/db/open.ts")) return true;
    const text = fs.readFileSync(file, "utf8");
    if (text.includes("DATABASE_URL")) return true;
    for (const specifier of importSpecifiers(text)) {
      if (DATABASE_OR_PROCESS_PACKAGES.has(packageName(specifier))) return true;
      const target = resolveLocal(root, file, specifier);
      if (target === "unresolved") return true;
      if (target && dependent(target, visiting)) return true;
    }
    return false;
  };
  return testFiles.filter((file) => !dependent(path.resolve(root, file), new Set()));
}

/** Packages that open a database or start processes: a module importing one is dependent. */
const DATABASE_OR_PROCESS_PACKAGES = new Set([
  "pg",
  "@electric-sql/pglite",
  "drizzle-orm",
  "child_process",
  "cluster",
  "worker_threads",
]);

const IMPORT_PATTERNS = [
  /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
  /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
  /\bimport\s*["']([^"']+)["']/g,
  /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
];

export function importSpecifiers(text: string): string[] {
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) for (const match of text.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

/** The package a bare specifier names; Node's built-ins by their plain name (`node:` dropped). */
function packageName(specifier: string): string {
  const parts = specifier.replace(/^node:/, "").split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!;
}

const EXTENSIONS = ["", ".ts", ".tsx", ".mts", ".js", ".mjs", "/index.ts", "/index.tsx"];

/** A project file the specifier names; undefined for a package; "unresolved" if it names none. */
function resolveLocal(root: string, from: string, specifier: string): string | undefined | "unresolved" {
  let base: string;
  if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else if (specifier.startsWith("@/")) base = path.join(root, specifier.slice(2));
  else return undefined;
  // ESM spells TypeScript modules with .js; the file on disk is .ts.
  const candidates = new Set([base, base.replace(/\.js$/, "")]);
  for (const candidate of candidates) {
    for (const extension of EXTENSIONS) {
      const file = candidate + extension;
      if (fs.existsSync(file) && fs.statSync(file).isFile()) return file;
    }
  }
  return "unresolved";
}
