import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * Compiles the Solidity sources under `contracts/` (and `contracts/test/`) with the npm `solc` package (nothing downloaded)
 * into artifacts (ABI and creation bytecode). The artifacts are committed, so the server never needs
 * a compiler; `npm run contracts:build` rewrites them and a test checks they match the sources.
 */

/** The compiler settings every artifact is built with: part of what makes a build reproducible. */
export const COMPILER_SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: "prague",
  outputSelection: { "*": { "*": ["abi", "evm.bytecode.object", "evm.deployedBytecode.object"] } },
} as const;

export interface ContractArtifact {
  contractName: string;
  sourceName: string;
  compiler: string;
  abi: unknown[];
  /** 0x-hex creation code (constructor arguments are appended by the deployer). */
  bytecode: string;
  deployedBytecode: string;
}

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[];
  contracts: Record<
    string,
    Record<
      string,
      { abi: unknown[]; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}

export function compileContracts(root: string): ContractArtifact[] {
  const require = createRequire(path.join(root, "package.json"));
  const solc = require("solc") as { compile(input: string, options: unknown): string; version(): string };
  const dir = path.join(root, "contracts");
  // contracts/*.sol, and contracts/test/*.sol: contracts only tests deploy (attackers and the like).
  const files = ["", "test/"].flatMap((sub) =>
    fs
      .readdirSync(path.join(dir, sub))
      .filter((f) => f.endsWith(".sol"))
      .sort()
      .map((f) => `${sub}${f}`),
  );
  const sources = Object.fromEntries(
    files.map((f) => [f, { content: fs.readFileSync(path.join(dir, f), "utf8") }]),
  );
  // Imports such as @openzeppelin/contracts/… resolve from node_modules, as Foundry and Hardhat do.
  const findImports = (importPath: string) => {
    try {
      return { contents: fs.readFileSync(require.resolve(importPath), "utf8") };
    } catch {
      return { error: `not found: ${importPath}` };
    }
  };
  const input = { language: "Solidity", sources, settings: COMPILER_SETTINGS };
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === "error");
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join("\n"));
  const artifacts: ContractArtifact[] = [];
  for (const sourceName of Object.keys(sources)) {
    for (const [contractName, c] of Object.entries(output.contracts[sourceName] ?? {})) {
      if (c.evm.bytecode.object === "") continue; // an interface: nothing to deploy
      artifacts.push({
        contractName,
        sourceName: `contracts/${sourceName}`,
        compiler: solc.version(),
        abi: c.abi,
        bytecode: `0x${c.evm.bytecode.object}`,
        deployedBytecode: `0x${c.evm.deployedBytecode.object}`,
      });
    }
  }
  return artifacts;
}

export const artifactsDir = (root: string) => path.join(root, "server/chains/evm/artifacts");

export function artifactFile(root: string, contractName: string) {
  return path.join(artifactsDir(root), `${contractName}.json`);
}
