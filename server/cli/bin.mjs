#!/usr/bin/env node
// Entry point of the `latchkey` command: loads the TypeScript CLI through tsx.
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
process.env.LATCHKEY_MIGRATIONS_DIR ??= path.join(root, "server/db/migrations");
process.env.LATCHKEY_PACKAGE_ROOT ??= root;
const { register } = await import("tsx/esm/api");
register({ tsconfig: path.join(root, "tsconfig.json") });
const { main } = await import("./main.ts");
process.exitCode = await main(process.argv.slice(2));
