import { describe, expect, it } from "vitest";
import { toTimestamp } from "../api/common";
import { activitiesPerDay, localDay, totalsByStatus, windowStart } from "./activity-days";

const at = (iso: string) => toTimestamp(new Date(iso));
const activity = (status: string, iso: string) => ({ status, createdAt: at(iso) });

describe("activities per day", () => {
  const now = new Date("2025-03-30T15:00:00").getTime();

  it("has one bar per day of the window, today last, empty days included", () => {
    const bars = activitiesPerDay([], now, 30);
    expect(bars).toHaveLength(30);
    expect(bars.at(-1)!.day).toBe("2025-03-30");
    expect(bars[0]!.day).toBe("2025-03-01");
    expect(new Set(bars.map((b) => b.day)).size).toBe(30);
    expect(bars.every((b) => b.ACTIVITY_STATUS_COMPLETED === 0 && b.other === 0)).toBe(true);
  });

  it("counts each activity on its local day under its status, others as other", () => {
    const bars = activitiesPerDay(
      [
        activity("ACTIVITY_STATUS_COMPLETED", "2025-03-30T09:00:00"),
        activity("ACTIVITY_STATUS_COMPLETED", "2025-03-30T00:00:00"),
        activity("ACTIVITY_STATUS_FAILED", "2025-03-29T23:59:59"),
        activity("ACTIVITY_STATUS_CONSENSUS_NEEDED", "2025-03-01T00:00:00"),
        activity("ACTIVITY_STATUS_PENDING", "2025-03-15T12:00:00"),
      ],
      now,
      30,
    );
    const byDay = new Map(bars.map((b) => [b.day, b]));
    expect(byDay.get("2025-03-30")).toMatchObject({
      ACTIVITY_STATUS_COMPLETED: 2,
      ACTIVITY_STATUS_FAILED: 0,
    });
    expect(byDay.get("2025-03-29")).toMatchObject({
      ACTIVITY_STATUS_FAILED: 1,
      ACTIVITY_STATUS_COMPLETED: 0,
    });
    expect(byDay.get("2025-03-01")).toMatchObject({ ACTIVITY_STATUS_CONSENSUS_NEEDED: 1 });
    expect(byDay.get("2025-03-15")).toMatchObject({ other: 1 });
    expect(totalsByStatus(bars)).toEqual({
      ACTIVITY_STATUS_COMPLETED: 2,
      ACTIVITY_STATUS_CONSENSUS_NEEDED: 1,
      ACTIVITY_STATUS_REJECTED: 0,
      ACTIVITY_STATUS_FAILED: 1,
      other: 1,
    });
  });

  it("leaves out what happened before the window or after now", () => {
    const bars = activitiesPerDay(
      [
        activity("ACTIVITY_STATUS_COMPLETED", "2025-02-28T23:59:59"),
        activity("ACTIVITY_STATUS_COMPLETED", "2025-03-30T15:00:01"),
      ],
      now,
      30,
    );
    expect(totalsByStatus(bars).ACTIVITY_STATUS_COMPLETED).toBe(0);
    expect(localDay(windowStart(now, 30))).toBe("2025-03-01");
  });

  it("keeps every calendar day across a daylight-saving change", () => {
    // Whatever the machine's zone, 60 consecutive days are 60 distinct dates, the last one today.
    const bars = activitiesPerDay([], new Date("2025-11-15T01:00:00").getTime(), 60);
    expect(new Set(bars.map((b) => b.day)).size).toBe(60);
    expect(bars.at(-1)!.day).toBe("2025-11-15");
  });
});
