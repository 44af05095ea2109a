/** What the bench reads from the server's /metrics around each load run. */
export interface ServerSample {
  /** Database round trips per API path, since the server started. */
  roundTrips: Map<string, number>;
  /** Seconds API requests waited for pooled connections, per path, since the server started. */
  poolWait: Map<string, number>;
  /** Requests answered per API path (all statuses), since the server started. */
  requests: Map<string, number>;
  /** Event-loop delay since the previous scrape (the server resets its window on each), ms. */
  eventLoopP99Ms: number;
  eventLoopMaxMs: number;
  /** The longest garbage-collection pause since the previous scrape, ms. */
  gcPauseMaxMs: number;
  /** The heap just after the server's latest major collection, MB: rising run after run is a leak. */
  heapLiveMb: number;
}

function label(line: string, name: string): string | undefined {
  return new RegExp(`${name}="([^"]*)"`).exec(line)?.[1];
}

/** Parse the few series the bench needs out of Prometheus text exposition. */
export function parseServerSample(text: string): ServerSample {
  const sample: ServerSample = {
    roundTrips: new Map(),
    poolWait: new Map(),
    requests: new Map(),
    eventLoopP99Ms: 0,
    eventLoopMaxMs: 0,
    gcPauseMaxMs: 0,
    heapLiveMb: 0,
  };
  for (const line of text.split("\n")) {
    if (line.startsWith("#") || line.trim() === "") continue;
    const value = Number(line.slice(line.lastIndexOf(" ") + 1));
    const add = (map: Map<string, number>) => {
      const path = label(line, "path");
      if (path) map.set(path, (map.get(path) ?? 0) + value);
    };
    if (line.startsWith("latchkey_db_round_trips_total{")) add(sample.roundTrips);
    else if (line.startsWith("latchkey_db_pool_wait_seconds_total{")) add(sample.poolWait);
    else if (line.startsWith("latchkey_http_requests_total{")) add(sample.requests);
    else if (line.startsWith("latchkey_event_loop_delay_seconds{")) {
      const quantile = label(line, "quantile");
      if (quantile === "0.99") sample.eventLoopP99Ms = value * 1000;
      if (quantile === "1") sample.eventLoopMaxMs = value * 1000;
    } else if (line.startsWith("latchkey_gc_pause_max_seconds ")) sample.gcPauseMaxMs = value * 1000;
    else if (line.startsWith("latchkey_heap_live_bytes ")) sample.heapLiveMb = value / 1e6;
  }
  return sample;
}

export async function scrapeServer(baseUrl: string, token: string): Promise<ServerSample> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`bench: /metrics answered ${response.status}`);
  return parseServerSample(await response.text());
}

/**
 * A per-path counter's growth per request on `path` between two samples: round trips, or seconds
 * waited for pooled connections (undefined when no request was counted).
 */
export function perRequest(
  before: ServerSample,
  after: ServerSample,
  path: string,
  counter: "roundTrips" | "poolWait",
): number | undefined {
  const requests = (after.requests.get(path) ?? 0) - (before.requests.get(path) ?? 0);
  if (requests <= 0) return undefined;
  return ((after[counter].get(path) ?? 0) - (before[counter].get(path) ?? 0)) / requests;
}
