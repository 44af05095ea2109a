// `npm run contracts:build`: recompiles contracts/*.sol and rewrites the committed artifacts.
import fs from "node:fs";
import path from "node:path";
import { artifactFile, artifactsDir, compileContracts } from "../chains/evm/compile-contracts";

const root = path.resolve(import.meta.dirname, "../..");
fs.mkdirSync(artifactsDir(root), { recursive: true });
for (const artifact of compileContracts(root)) {
  fs.writeFileSync(artifactFile(root, artifact.contractName), `${JSON.stringify(artifact, null, 2)}\n`);
  console.log(`${artifact.contractName}: ${(artifact.deployedBytecode.length - 2) / 2} bytes deployed`);
}
