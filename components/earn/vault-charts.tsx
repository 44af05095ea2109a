"use client";

import { useMemo } from "react";
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { formatUnits } from "viem";
import { useVaultSamples } from "@/lib/queries/earn";
import { Alert } from "../ui/alert";

const GROSS = "#2563eb";
const NET = "#16a34a";
const TVL = "#9333ea";
const percent = (fraction: string) => Number(fraction) * 100;
const time = (ms: number) =>
  new Date(ms).toLocaleString(undefined, {
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  });
const tooltipStyle = { background: "var(--card)", borderColor: "var(--border)" };

/**
 * A wrapper's gross vs net APY over time and its TVL over time, from the server's samples. The
 * charts are hidden from screen readers; the latest figures below them are their text alternative.
 */
export function VaultCharts({ wrapperAddress, caip2 }: { wrapperAddress: string; caip2: string }) {
  const samples = useVaultSamples(wrapperAddress, caip2);
  const data = samples.data;
  const points = useMemo(
    () =>
      (data?.samples ?? []).map((s) => ({
        at: Number(s.sampledAtMs),
        gross: percent(s.apyPct),
        net: percent(s.netApyPct),
        tvl: s.totalDepositedUsd
          ? Number(s.totalDepositedUsd)
          : Number(formatUnits(BigInt(s.totalDeposited), data!.decimals)),
      })),
    [data],
  );
  if (samples.error) return <Alert>{samples.error.message}</Alert>;
  if (!data) return <p className="text-sm text-muted-foreground">Loading history…</p>;
  const inUsd = data.samples.at(-1)?.totalDepositedUsd !== undefined;
  const unit = inUsd ? "USD" : data.symbol;
  const last = points.at(-1);
  if (!last) {
    return (
      <p className="text-sm text-muted-foreground" data-testid="no-samples">
        No history yet: the server records APY and TVL every {Math.round(data.intervalSeconds / 60) || 1}{" "}
        minute(s).
      </p>
    );
  }
  const axis = { tick: { fontSize: 11 }, minTickGap: 24 };
  return (
    <div className="grid min-w-0 gap-4 md:grid-cols-2">
      <figure className="grid min-w-0 gap-1" data-testid="apy-chart">
        <figcaption className="text-sm font-medium">Gross vs net APY (%)</figcaption>
        <div className="h-48 min-w-0" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart
              data={points}
              accessibilityLayer={false}
              margin={{ top: 4, right: 8, bottom: 0, left: -20 }}
            >
              <CartesianGrid strokeDasharray="3 3" vertical={false} stroke="var(--border)" />
              <XAxis
                dataKey="at"
                type="number"
                domain={["dataMin", "dataMax"]}
                tickFormatter={time}
                {...axis}
              />
              <YAxis tick={{ fontSize: 11 }} domain={[0, "auto"]} />
              <Tooltip labelFormatter={(v) => time(Number(v))} contentStyle={tooltipStyle} />
              <Legend wrapperStyle={{ fontSize: 12 }} />
              <Line
                dataKey="gross"
                name="Gross APY"
                stroke={GROSS}
                dot={points.length < 3}
                isAnimationActive={false}
              />
              <Line
                dataKey="net"
                name="Net APY"
                stroke={NET}
                dot={points.length < 3}
                isAnimationActive={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <figure className="grid min-w-0 gap-1" data-testid="tvl-chart">
        <figcaption className="text-sm font-medium">TVL in this wrapper ({unit})</figcaption>
        <div className="h-48 min-w-0" aria-hidden="true">
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
                {...axis}
              />
              <YAxis tick={{ fontSize: 11 }} domain={["auto", "auto"]} />
              <Tooltip labelFormatter={(v) => time(Number(v))} contentStyle={tooltipStyle} />
              <Area
                dataKey="tvl"
                name={`TVL (${unit})`}
                stroke={TVL}
                fill={TVL}
                fillOpacity={0.15}
                isAnimationActive={false}
              />
            </AreaChart>
          </ResponsiveContainer>
        </div>
      </figure>
      <p className="text-xs text-muted-foreground md:col-span-2" data-testid="sample-summary">
        {points.length} sample{points.length === 1 ? "" : "s"} since {time(points[0]!.at)}; latest{" "}
        {time(last.at)}: gross {last.gross.toFixed(2)}%, net {last.net.toFixed(2)}%, TVL{" "}
        {last.tvl.toLocaleString()} {unit}.
      </p>
    </div>
  );
}
