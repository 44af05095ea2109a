import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import vm from "node:vm";

/**
 * A full collection, twice, each after a turn of the event loop: a WeakRef's target is kept until
 * the job that read it ends, so a leak test that asks "was it collected?" must let turns pass.
 */
export async function collectGarbage(): Promise<void> {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  for (let round = 0; round < 2; round++) {
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
  }
}

/**
 * A full collection, returning once PerformanceObservers have been told of it: GC entries arrive
 * on a later turn, later still on a busy machine, so a fixed wait would make a test flaky.
 */
export async function collectGarbageObserved(): Promise<void> {
  const told = new Promise<void>((resolve) => {
    const observer = new PerformanceObserver((list) => {
      const major = list
        .getEntries()
        .some(
          (entry) =>
            (entry as { detail?: { kind?: number } }).detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR,
        );
      if (!major) return;
      observer.disconnect();
      resolve();
    });
    observer.observe({ entryTypes: ["gc"] });
  });
  await collectGarbage();
  await told;
  // Every observer of the process is told in the same turn: one more, and all have been.
  await new Promise((resolve) => setTimeout(resolve, 0));
}
