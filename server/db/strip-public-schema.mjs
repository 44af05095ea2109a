// drizzle-kit writes `"public".` into foreign keys; without it, the same migrations run in any
// schema (tests on PostgreSQL isolate themselves in a schema of their own). Run after generating.
import fs from "node:fs";
import path from "node:path";

const dir = path.resolve("server/db/migrations");
for (const file of fs.readdirSync(dir).filter((f) => f.endsWith(".sql"))) {
  const full = path.join(dir, file);
  const text = fs.readFileSync(full, "utf8");
  const stripped = text.replaceAll('"public".', "");
  if (stripped !== text) fs.writeFileSync(full, stripped);
}
