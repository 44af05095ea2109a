/**
 * `npm run docs:compatibility` rewrites the README's compatibility section from the registries.
 * With `--reference <public_api.swagger.json>` it first rebuilds reference-operations.json from a
 * newer copy of the compatible API's description, so the table follows the reference as it grows.
 */
import fs from "node:fs";
import path from "node:path";
import { compatibilityRows } from "./compatibility";
import { compatibilityMarkdown } from "./compatibility-markdown";
import { registeredEndpoints } from "./endpoints";
import { writeSection } from "./readme-section";
import { REFERENCE_SOURCE, referenceFromSwagger, referenceGroups } from "./reference";

const ROOT = path.resolve(import.meta.dirname, "../..");
const README = path.join(ROOT, "README.md");
const REFERENCE_DATA = path.join(import.meta.dirname, "reference-operations.json");

function main(args: string[]): void {
  let groups = referenceGroups;
  const at = args.indexOf("--reference");
  if (at >= 0) {
    const swaggerFile = args[at + 1];
    if (!swaggerFile) throw new Error("--reference needs the path of public_api.swagger.json");
    groups = referenceFromSwagger(JSON.parse(fs.readFileSync(swaggerFile, "utf8")));
    const data = { source: REFERENCE_SOURCE, groups };
    fs.writeFileSync(REFERENCE_DATA, `${JSON.stringify(data, null, 2)}\n`);
    console.log(`wrote ${path.relative(ROOT, REFERENCE_DATA)} from ${swaggerFile}`);
  }
  const markdown = compatibilityMarkdown(compatibilityRows(registeredEndpoints(), groups));
  fs.writeFileSync(README, writeSection(fs.readFileSync(README, "utf8"), markdown));
  console.log(`wrote the compatibility section of ${path.relative(ROOT, README)}`);
}

main(process.argv.slice(2));
