import type { TTimestamp } from "../api/common";

/** The statuses the overview chart stacks, in the order they are drawn (bottom first). */
export const CHART_STATUSES = [
  "ACTIVITY_STATUS_COMPLETED",
  "ACTIVITY_STATUS_CONSENSUS_NEEDED",
  "ACTIVITY_STATUS_REJECTED",
  "ACTIVITY_STATUS_FAILED",
] as const;
export type TChartStatus = (typeof CHART_STATUSES)[number];

/** One bar of the chart: a local calendar day and how many activities of each status it saw. */
export type DayCounts = { day: string } & Record<TChartStatus | "other", number>;

const MS_PER_DAY = 86_400_000;

export const timestampMs = (ts: TTimestamp) =>
  Number(ts.seconds) * 1000 + Math.floor(Number(ts.nanos) / 1_000_000);

/** A local date as "YYYY-MM-DD": what a person means by "that day", wherever they are. */
export function localDay(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** The first millisecond of the window: midnight, local time, `days - 1` days before today. */
export function windowStart(nowMs: number, days: number): number {
  const start = new Date(nowMs);
  start.setHours(0, 0, 0, 0);
  start.setDate(start.getDate() - (days - 1));
  return start.getTime();
}

/**
 * Activities per day by status over the last `days` days, today last. Every day of the window has
 * its bar, empty ones too, so the axis reads as time; activities outside the window are left out,
 * and a status the chart does not stack (created, pending…) counts as "other".
 */
export function activitiesPerDay(
  activities: readonly { status: string; createdAt: TTimestamp }[],
  nowMs: number,
  days: number,
): DayCounts[] {
  const start = windowStart(nowMs, days);
  const bars = new Map<string, DayCounts>();
  // Step by whole days from noon, so a daylight-saving change can never skip or repeat a date.
  for (let i = 0; i < days; i++) {
    const day = localDay(start + 12 * 3_600_000 + i * MS_PER_DAY);
    bars.set(day, { day, other: 0, ...Object.fromEntries(CHART_STATUSES.map((s) => [s, 0])) } as DayCounts);
  }
  for (const activity of activities) {
    const ms = timestampMs(activity.createdAt);
    if (ms < start || ms > nowMs) continue;
    const bar = bars.get(localDay(ms));
    if (!bar) continue;
    const key = (CHART_STATUSES as readonly string[]).includes(activity.status)
      ? (activity.status as TChartStatus)
      : "other";
    bar[key] += 1;
  }
  return [...bars.values()];
}

/** The window's totals per status: the chart's legend and its text alternative. */
export function totalsByStatus(bars: readonly DayCounts[]): Record<TChartStatus | "other", number> {
  const totals = { other: 0, ...Object.fromEntries(CHART_STATUSES.map((s) => [s, 0])) } as Record<
    TChartStatus | "other",
    number
  >;
  for (const bar of bars)
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += bar[key];
  return totals;
}
