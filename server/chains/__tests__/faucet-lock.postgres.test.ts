import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../testing/harness";
import { faucetLock } from "../faucet-lock";

/**
 * Faucet calls through several `latchkey start` workers share one Anvil, whose anvil_addBalance
 * reads and writes the balance in two steps: the workers' calls for one chain take turns through an
 * advisory lock in their shared PostgreSQL (each worker has its own pool: here, two connections).
 */
// PostgreSQL's alone: vitest.config.ts runs *.postgres.test.ts only there.
describe("the faucet's lock across processes", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it("lets one call for a chain run at a time, on any connection, and another chain's alongside", async () => {
    const lock = faucetLock(t.app)!;
    expect(lock).toBeDefined();
    const events: string[] = [];
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let entered: () => void = () => undefined;
    const firstIn = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const first = lock("eip155:1", async () => {
      events.push("first in");
      entered();
      await held;
      events.push("first out");
    });
    await firstIn;
    const second = lock("eip155:1", async () => {
      events.push("second in");
    });
    // Another chain does not wait for this one.
    await lock("eip155:8453", async () => {
      events.push("other chain");
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(events).toEqual(["first in", "other chain"]);
    release();
    await Promise.all([first, second]);
    expect(events).toEqual(["first in", "other chain", "first out", "second in"]);
  });

  it("is released when the call fails", async () => {
    const lock = faucetLock(t.app)!;
    await expect(
      lock("eip155:1", async () => {
        throw new Error("the devnet refused");
      }),
    ).rejects.toThrow("the devnet refused");
    expect(await lock("eip155:1", async () => "next")).toBe("next");
  });
});
