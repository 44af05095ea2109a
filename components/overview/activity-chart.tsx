"use client";

import { useMemo } from "react";
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { activitiesPerDay, CHART_STATUSES, type DayCounts, totalsByStatus } from "@/lib/client/activity-days";
import { humanize } from "@/lib/client/format";
import { OVERVIEW_DAYS, useRecentActivities } from "@/lib/queries/overview";
import { Alert } from "../ui/alert";
import { Card, CardDescription, CardTitle } from "../ui/card";
import { STATUS_COLORS } from "./status-colors";

const SERIES = [...CHART_STATUSES, "other"] as const;
const seriesLabel = (key: (typeof SERIES)[number]) =>
  key === "other" ? "Other" : humanize(key, "ACTIVITY_STATUS_");
/** "2025-03-04" → "Mar 4", for the axis. */
const shortDay = (day: string) =>
  new Date(`${day}T12:00:00`).toLocaleDateString(undefined, { month: "short", day: "numeric" });

/**
 * Activities per day by status over the last 30 days, stacked bars. The chart itself is hidden from
 * screen readers; the totals beside it, one line per status, are its text alternative.
 */
export function ActivityChart() {
  const recent = useRecentActivities();
  const bars = useMemo<DayCounts[]>(
    () => (recent.data ? activitiesPerDay(recent.data.activities, Date.now(), OVERVIEW_DAYS) : []),
    [recent.data],
  );
  const totals = totalsByStatus(bars);
  return (
    <Card className="grid min-w-0 gap-4 max-sm:p-4" data-testid="activity-chart">
      <div>
        <CardTitle>Activities, last {OVERVIEW_DAYS} days</CardTitle>
        <CardDescription>Each day's activities by their status now.</CardDescription>
      </div>
      {recent.error && <Alert>{recent.error.message}</Alert>}
      {recent.isPending && <p className="text-sm text-muted-foreground">Loading…</p>}
      {recent.data && (
        <>
          <div className="h-60 min-w-0" aria-hidden="true">
            <ResponsiveContainer width="100%" height="100%">
              <BarChart
                data={bars}
                accessibilityLayer={false}
                margin={{ top: 4, right: 4, bottom: 0, left: -24 }}
              >
                <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
                <XAxis dataKey="day" tickFormatter={shortDay} tick={{ fontSize: 11 }} minTickGap={16} />
                <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
                <Tooltip
                  labelFormatter={(day) => shortDay(String(day))}
                  contentStyle={{ background: "var(--card)", borderColor: "var(--border)" }}
                />
                {SERIES.map((key) => (
                  <Bar
                    key={key}
                    dataKey={key}
                    name={seriesLabel(key)}
                    stackId="status"
                    fill={STATUS_COLORS[key]}
                  />
                ))}
              </BarChart>
            </ResponsiveContainer>
          </div>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-label="Totals by status">
            {SERIES.map((key) => (
              <li
                key={key}
                className="flex items-center gap-1.5"
                data-status={key}
                data-testid="status-total"
              >
                <span className="h-3 w-3 rounded-sm" style={{ background: STATUS_COLORS[key] }} aria-hidden />
                {seriesLabel(key)}:{" "}
                <span className="font-medium" data-testid="count">
                  {totals[key]}
                </span>
              </li>
            ))}
          </ul>
          {recent.data.partial && (
            <p className="text-sm text-muted-foreground">
              Only the most recent {recent.data.activities.length} activities are counted.
            </p>
          )}
        </>
      )}
    </Card>
  );
}
