import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { artifactFile, artifactsDir, compileContracts } from "../compile-contracts";

const root = path.resolve(import.meta.dirname, "../../../..");

describe("committed contract artifacts", () => {
  it("are exactly what the Solidity sources compile to (run `npm run contracts:build` after editing contracts/)", () => {
    const compiled = compileContracts(root);
    expect(compiled.length).toBeGreaterThan(0);
    for (const artifact of compiled) {
      const committed = JSON.parse(fs.readFileSync(artifactFile(root, artifact.contractName), "utf8"));
      expect(committed.bytecode, artifact.contractName).toBe(artifact.bytecode);
      expect(committed.abi, artifact.contractName).toEqual(artifact.abi);
    }
    const committedNames = fs.readdirSync(artifactsDir(root)).map((f) => f.replace(/\.json$/, ""));
    expect(committedNames.sort()).toEqual(compiled.map((a) => a.contractName).sort());
  }, 60_000);
});
