"use client";

import { useMemo } from "react";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { formatUnits } from "viem";
import { usePositionSamples } from "@/lib/queries/earn-positions";
import { Alert } from "../ui/alert";

const VALUE = "#16a34a";
const time = (ms: number) =>
  new Date(ms).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
const tooltipStyle = { background: "var(--card)", borderColor: "var(--border)" };

/**
 * A wallet's position in one wrapper over time (what its shares redeemed for, in USD when the
 * server had a price, else in the asset), from the server's samples. The chart is hidden from
 * screen readers; the line below it is its text alternative.
 */
export function PositionChart({
  walletAddress,
  wrapperAddress,
  caip2,
}: {
  walletAddress: string;
  wrapperAddress: string;
  caip2: string;
}) {
  const samples = usePositionSamples(walletAddress, wrapperAddress, caip2);
  const data = samples.data;
  const inUsd = data?.samples.at(-1)?.currentValueUsd !== undefined;
  const points = useMemo(
    () =>
      (data?.samples ?? []).map((s) => ({
        at: Number(s.sampledAtMs),
        value:
          inUsd && s.currentValueUsd
            ? Number(s.currentValueUsd)
            : Number(formatUnits(BigInt(s.currentValue), data!.decimals)),
      })),
    [data, inUsd],
  );
  if (samples.error) return <Alert>{samples.error.message}</Alert>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading history…</p>;
  const unit = inUsd ? "USD" : data.symbol;
  const last = points.at(-1);
  if (!last) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="no-position-samples">
        No value history yet: the server records positions every {Math.round(data.intervalSeconds / 60) || 1}{" "}
        minute(s).
      </p>
    );
  }
  return (
    <figure className="grid min-w-0 gap-1" data-testid="position-chart">
      <figcaption className="text-sm font-medium">Value over time ({unit})</figcaption>
      <div className="h-40 min-w-0" aria-hidden="true">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart
            data={points}
            accessibilityLayer={false}
            margin={{ top: 4, right: 8, bottom: 0, left: -8 }}
          >
            <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
            <XAxis
              dataKey="at"
              type="number"
              domain={["dataMin", "dataMax"]}
              tickFormatter={time}
              tick={{ fontSize: 11 }}
              minTickGap={24}
            />
            <YAxis tick={{ fontSize: 11 }} domain={["auto", "auto"]} />
            <Tooltip labelFormatter={(v) => time(Number(v))} contentStyle={tooltipStyle} />
            <Area
              dataKey="value"
              name={`Value (${unit})`}
              stroke={VALUE}
              fill={VALUE}
              fillOpacity={0.15}
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
      <p className="text-xs text-muted-foreground" data-testid="position-sample-summary">
        {points.length} sample{points.length === 1 ? "" : "s"} since {time(points[0]!.at)}; latest{" "}
        {time(last.at)}: {last.value.toLocaleString()} {unit}.
      </p>
    </figure>
  );
}
