import { constants, PerformanceObserver } from "node:perf_hooks";
import v8 from "node:v8";
import { Counter, Gauge, type Registry } from "prom-client";

type Kind = "major" | "minor";

/** The collections V8 reports, as operators name them: mark-compact (major) and scavenges (minor). */
function kindOf(detailKind: number | undefined): Kind | undefined {
  if (detailKind === constants.NODE_PERFORMANCE_GC_MAJOR) return "major";
  if (detailKind === constants.NODE_PERFORMANCE_GC_MINOR) return "minor";
  return undefined;
}

/** One registry's window: the longest pause since its previous scrape. */
type Window = { longestSeconds: number };

/**
 * One observer for the process, however many registries read it (tests build many application
 * contexts): each registry keeps its own window over the pauses recorded here.
 */
const recorded = {
  started: false,
  totalSeconds: { major: 0, minor: 0 } as Record<Kind, number>,
  /**
   * Every registry's window, held weakly: a registry let go (a test's application context) takes
   * its window with it. Each pause updates each window as it happens, so a scrape a minute apart
   * still sees a long pause among thousands of scavenges.
   */
  windows: new Set<WeakRef<Window>>(),
  /** V8's used heap just after the latest major collection: what the process really keeps. */
  liveBytes: 0,
};

function startRecording(): void {
  if (recorded.started) return;
  recorded.started = true;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = kindOf((entry as { detail?: { kind?: number } }).detail?.kind);
      if (!kind) continue;
      recorded.totalSeconds[kind] += entry.duration / 1000;
      for (const ref of recorded.windows) {
        const window = ref.deref();
        if (!window) recorded.windows.delete(ref);
        else window.longestSeconds = Math.max(window.longestSeconds, entry.duration / 1000);
      }
      // Read when the entry is delivered, shortly after the collection: a little above the true
      // figure, never below it.
      if (kind === "major") recorded.liveBytes = v8.getHeapStatistics().used_heap_size;
    }
  }).observe({ entryTypes: ["gc"] });
}

/**
 * Garbage-collection pauses and the live heap, on the application's registry. The JavaScript thread
 * stops for each collection, and every request waiting meanwhile waits as long: a growing live heap
 * (a leak) shows first as longer major collections, then as the tail of every route.
 */
export function gcMetrics(registry: Registry): void {
  startRecording();
  const window: Window = { longestSeconds: 0 };
  recorded.windows.add(new WeakRef(window));
  new Counter({
    name: "latchkey_gc_pause_seconds_total",
    help: "Time the JavaScript thread stopped for garbage collection, by kind (major = mark-compact, minor = scavenge)",
    labelNames: ["kind"],
    registers: [registry],
    collect() {
      this.reset();
      this.inc({ kind: "major" }, recorded.totalSeconds.major);
      this.inc({ kind: "minor" }, recorded.totalSeconds.minor);
    },
  });
  new Gauge({
    name: "latchkey_gc_pause_max_seconds",
    help: "The longest garbage-collection pause since the previous scrape (each scrape starts a new window)",
    registers: [registry],
    collect() {
      this.set(window.longestSeconds);
      window.longestSeconds = 0;
    },
  });
  new Gauge({
    name: "latchkey_heap_live_bytes",
    help: "V8's used heap just after the latest major garbage collection: what the process keeps (rising across collections: a leak; 0 before the first)",
    registers: [registry],
    collect() {
      this.set(recorded.liveBytes);
    },
  });
}
