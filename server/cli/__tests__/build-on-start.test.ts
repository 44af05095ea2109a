import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../../..");

it("LATCHKEY_BUILD_ON_START=false refuses to start without a build, saying how to make one", () => {
  const empty = fs.mkdtempSync(path.join(os.tmpdir(), "latchkey-no-build-"));
  try {
    const run = spawnSync(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), "start"], {
      cwd: empty,
      encoding: "utf8",
      timeout: 60_000,
      env: {
        ...process.env,
        LATCHKEY_PACKAGE_ROOT: empty,
        LATCHKEY_DATA_DIR: path.join(empty, "data"),
        LATCHKEY_BUILD_ON_START: "false",
        PORT: "3998",
      },
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("there is no build in .next and LATCHKEY_BUILD_ON_START=false");
    expect(run.stderr).toContain("npm run build");
    // Nothing was built, nothing was served: the directory holds only what the test made.
    expect(fs.readdirSync(empty)).toEqual([]);
  } finally {
    fs.rmSync(empty, { recursive: true, force: true });
  }
}, 60_000);

it("LATCHKEY_BUILD_ON_START accepts only true or false", () => {
  const run = spawnSync(process.execPath, [path.join(ROOT, "server/cli/bin.mjs"), "start"], {
    encoding: "utf8",
    timeout: 60_000,
    env: { ...process.env, LATCHKEY_BUILD_ON_START: "sometimes" },
  });
  expect(run.status).not.toBe(0);
  expect(run.stderr).toContain("LATCHKEY_BUILD_ON_START");
}, 60_000);
