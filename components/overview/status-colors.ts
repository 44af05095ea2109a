import type { TChartStatus } from "@/lib/client/activity-days";

/**
 * One colour per stacked status, read on both themes' backgrounds, in the same tones as the status
 * badges (green done, amber waiting, red refused or failed); "other" is neutral.
 */
export const STATUS_COLORS: Record<TChartStatus | "other", string> = {
  ACTIVITY_STATUS_COMPLETED: "#10b981",
  ACTIVITY_STATUS_CONSENSUS_NEEDED: "#f59e0b",
  ACTIVITY_STATUS_REJECTED: "#f97316",
  ACTIVITY_STATUS_FAILED: "#ef4444",
  other: "#94a3b8",
};
