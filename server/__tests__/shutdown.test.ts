import { spawn } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * closeOnSignals in a process of its own, beside a stand-in for `next start`'s signal listener that
 * does what Next's does (close its server, then `process.exit(143)`) — or never finishes, as when a
 * request hangs. The black-box test with the real server is e2e/api/graceful-shutdown.test.ts.
 */

type Framework = "exits" | "hangs" | "absent";

async function stopWith(signal: NodeJS.Signals, framework: Framework) {
  const script = `
    import pino from "pino";
    import { closeOnSignals } from ${JSON.stringify(path.resolve(import.meta.dirname, "../shutdown.ts"))};
    const framework = ${JSON.stringify(framework)};
    if (framework !== "absent") {
      process.on(${JSON.stringify(signal)}, () => {
        if (framework === "exits") setTimeout(() => process.exit(143), 100);
      });
    }
    closeOnSignals({
      logger: pino({ level: "silent" }),
      graceMs: 1_000,
      close: async () => {
        await new Promise((r) => setTimeout(r, 100));
        console.log("closed");
      },
    });
    console.log("ready");
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let output = "";
  child.stdout.on("data", (d: Buffer) => {
    output += d.toString();
    if (output.includes("ready")) child.kill(signal);
  });
  const code = await new Promise<number | null>((resolve) => child.on("exit", (c) => resolve(c)));
  return { code, output };
}

describe("closeOnSignals", () => {
  it("closes the context before the framework's exit and exits 0 (SIGTERM)", async () => {
    const { code, output } = await stopWith("SIGTERM", "exits");
    expect(output).toContain("closed");
    expect(code).toBe(0);
  });

  it("does the same on SIGINT", async () => {
    const { code, output } = await stopWith("SIGINT", "exits");
    expect(output).toContain("closed");
    expect(code).toBe(0);
  });

  it("closes and exits 1 when the framework is still waiting for requests after the grace period", async () => {
    const { code, output } = await stopWith("SIGTERM", "hangs");
    expect(output).toContain("closed");
    expect(code).toBe(1);
  });

  it("closes and exits 0 by itself when no framework listens for the signal", async () => {
    const { code, output } = await stopWith("SIGTERM", "absent");
    expect(output).toContain("closed");
    expect(code).toBe(0);
  });
});
