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
