import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SendScene, sendScene } from "../../sends/__tests__/send-scene";
import { SEND_JOB_HANDLERS } from "../../sends/jobs";
import { startTestApp, type TestApp } from "../../testing/harness";
import { startWorker, type Worker } from "../worker";

/**
 * The worker as the server runs it, on the real clock, with a pulse far longer than the test's
 * timeout: a send can only complete in time if accepting it woke the worker after its commit and the
 * receipt was looked for at once — the latency path, not the pulse.
 */
let t: TestApp;
let s: SendScene;
let worker: Worker;
beforeAll(async () => {
  t = await startTestApp({ realClock: true });
  s = await sendScene(t);
  worker = startWorker(t.app, SEND_JOB_HANDLERS, 600_000);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
});

describe("the job worker", () => {
  it("is woken by an accepted send and follows it to COMPLETED without waiting for its pulse", async () => {
    for (let i = 0; i < 3; i++) {
      const id = await s.sendId({
        calls: [{ to: "0x000000000000000000000000000000000000dEaD", value: "1" }],
      });
      await expect
        .poll(async () => (await s.status(id)).txStatus, { timeout: 5_000, interval: 20 })
        .toBe("COMPLETED");
    }
  });
});
