import { describe, expect, it } from "vitest";
import type { PolicyValue } from "../../types";
import {
  checkPolicyExpression,
  evaluatePolicyExpression,
  PolicyEvaluationError,
  parsePolicyExpression,
} from "..";
import { parseCron, parseDuration } from "../cron-span";
import { parseTimestamp } from "../timestamp";
import { thrown } from "./helpers";
import { SAMPLE_SCHEMA, sampleContext } from "./sample-schema";

const at = (iso: string): PolicyValue => sampleContext({ time: { now: new Date(iso) } });
function activeAt(time: string, iso: string): boolean {
  const expression = parsePolicyExpression(time);
  checkPolicyExpression(expression, SAMPLE_SCHEMA, { expect: "bool" });
  return evaluatePolicyExpression(expression, at(iso));
}

describe("Timestamp()", () => {
  it.each([
    ["2026-03-01T00:00:00Z", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01t00:00:00z", "2026-03-01T00:00:00.000Z"],
    ["2026-03-01 10:20:30+00:00", "2026-03-01T10:20:30.000Z"],
    ["2026-03-01T10:20:30.123456789-00:00", "2026-03-01T10:20:30.123Z"],
    ["2026-03-01T10:20:30.5Z", "2026-03-01T10:20:30.500Z"],
    ["2024-02-29T23:59:59Z", "2024-02-29T23:59:59.000Z"],
    ["0099-01-01T00:00:00Z", "0099-01-01T00:00:00.000Z"],
  ])("reads %s as %s", (text, iso) => {
    const date = parseTimestamp(text);
    expect(date instanceof Date && date.toISOString()).toBe(iso);
  });

  it.each([
    ["2026-03-01T00:00:00+01:00", "the offset must be zero"],
    ["2026-03-01T00:00:00-05:00", "the offset must be zero"],
    ["2026-03-01T00:00:00", "expected an RFC 3339 date-time"],
    ["2026-03-01", "expected an RFC 3339 date-time"],
    ["2026-13-01T00:00:00Z", "month 13 does not exist"],
    ["2025-02-29T00:00:00Z", "day 29 does not exist"],
    ["2026-04-31T00:00:00Z", "day 31 does not exist"],
    ["2026-03-01T24:00:00Z", "hour must be 00-23"],
    ["2016-12-31T23:59:60Z", "leap seconds are not supported"],
  ])("refuses %s: %s", (text, problem) => {
    const result = parseTimestamp(text);
    expect(result instanceof Date ? "accepted" : result.problem).toContain(problem);
  });

  it("bounds a one-shot window start-inclusive, end-exclusive", () => {
    const window =
      "time.now >= Timestamp('2026-03-01T00:00:00Z') && time.now < Timestamp('2026-04-01T00:00:00Z')";
    expect(activeAt(window, "2026-02-28T23:59:59.999Z")).toBe(false);
    expect(activeAt(window, "2026-03-01T00:00:00Z")).toBe(true);
    expect(activeAt(window, "2026-03-31T23:59:59.999Z")).toBe(true);
    expect(activeAt(window, "2026-04-01T00:00:00Z")).toBe(false);
  });
});

describe("CronSpan()", () => {
  const businessHours = "CronSpan('0 9 * * 1-5', '8h', 'America/New_York')";

  it.each([
    ["2026-03-16T12:59:59Z", false], // Monday 08:59:59 EDT
    ["2026-03-16T13:00:00Z", true], // 09:00 EDT
    ["2026-03-16T20:59:59Z", true], // 16:59:59 EDT
    ["2026-03-16T21:00:00Z", false], // 17:00 EDT
    ["2026-01-12T13:59:00Z", false], // Monday 08:59 EST
    ["2026-01-12T14:00:00Z", true], // 09:00 EST
    ["2026-01-12T22:00:00Z", false], // 17:00 EST
    ["2026-03-14T15:00:00Z", false], // Saturday 11:00 EDT
  ])("business hours in New York at %s: %s", (iso, active) => {
    expect(activeAt(businessHours, iso)).toBe(active);
  });

  it("adds the duration as elapsed time: an overnight window ends at 07:00 after spring-forward, 05:00 after fall-back", () => {
    const overnight = "CronSpan('0 22 * * *', '8h', 'America/New_York')";
    expect(activeAt(overnight, "2026-03-08T02:59:00Z")).toBe(false);
    expect(activeAt(overnight, "2026-03-08T03:00:00Z")).toBe(true); // 22:00 EST, Mar 7
    expect(activeAt(overnight, "2026-03-08T10:59:59Z")).toBe(true); // 06:59:59 EDT
    expect(activeAt(overnight, "2026-03-08T11:00:00Z")).toBe(false); // 07:00 EDT
    expect(activeAt(overnight, "2026-11-01T09:59:59Z")).toBe(true); // 04:59:59 EST
    expect(activeAt(overnight, "2026-11-01T10:00:00Z")).toBe(false); // 05:00 EST
    expect(activeAt(overnight, "2026-01-11T10:59:00Z")).toBe(true); // 05:59 EST on an ordinary night
    expect(activeAt(overnight, "2026-01-11T11:00:00Z")).toBe(false);
  });

  it("never fires at a local time skipped by spring-forward, and fires at both copies of a repeated one", () => {
    const skipped = "CronSpan('30 2 * * *', '1h', 'America/New_York')";
    expect(activeAt(skipped, "2026-03-08T07:00:00Z")).toBe(false); // 03:00 EDT: 02:30 never happened
    expect(activeAt(skipped, "2026-03-09T06:45:00Z")).toBe(true); // 02:45 EDT the next day
    const repeated = "CronSpan('30 1 * * *', '30m', 'America/New_York')";
    expect(activeAt(repeated, "2026-11-01T05:45:00Z")).toBe(true); // 01:45 EDT
    expect(activeAt(repeated, "2026-11-01T06:15:00Z")).toBe(false); // 01:15 EST
    expect(activeAt(repeated, "2026-11-01T06:45:00Z")).toBe(true); // 01:45 EST
  });

  it("ORs day-of-month and day-of-week when both are restricted", () => {
    const either = "CronSpan('0 9 1 * 1', '1h', 'UTC')";
    expect(activeAt(either, "2026-04-01T09:30:00Z")).toBe(true); // the 1st, a Wednesday
    expect(activeAt(either, "2026-04-06T09:30:00Z")).toBe(true); // a Monday
    expect(activeAt(either, "2026-04-07T09:30:00Z")).toBe(false);
    expect(activeAt("CronSpan('0 9 1 * *', '1h', 'UTC')", "2026-04-06T09:30:00Z")).toBe(false);
  });

  it("reads lists, ranges, half-hour zones and week-long windows", () => {
    const listed = "CronSpan('0,30 9-10 * * *', '1m', 'UTC')";
    expect(activeAt(listed, "2026-05-05T09:30:59Z")).toBe(true);
    expect(activeAt(listed, "2026-05-05T10:00:00Z")).toBe(true);
    expect(activeAt(listed, "2026-05-05T10:01:00Z")).toBe(false);
    expect(activeAt(listed, "2026-05-05T11:00:00Z")).toBe(false);
    const kolkata = "CronSpan('0 9 * * *', '1h', 'Asia/Kolkata')";
    expect(activeAt(kolkata, "2026-05-05T03:29:00Z")).toBe(false);
    expect(activeAt(kolkata, "2026-05-05T03:30:00Z")).toBe(true);
    expect(activeAt(kolkata, "2026-05-05T04:30:00Z")).toBe(false);
    expect(activeAt("CronSpan('0 0 * * 0', '7d', 'UTC')", "2026-05-09T23:59:00Z")).toBe(true);
    expect(activeAt("CronSpan('0 0 1 1 *', '7d', 'UTC')", "2026-05-09T23:59:00Z")).toBe(false);
  });

  it("needs time.now in the context", () => {
    const expression = parsePolicyExpression("CronSpan('0 9 * * *', '1h', 'UTC')");
    const error = thrown(PolicyEvaluationError, () =>
      evaluatePolicyExpression(expression, sampleContext({ time: undefined })),
    );
    expect(error.message).toBe("at 1:1: CronSpan() needs time.now, which has no value here");
  });

  it("turns an unknown zone in an unchecked tree into an evaluation error", () => {
    const expression = parsePolicyExpression("CronSpan('0 9 * * *', '1h', 'Nowhere/Land')");
    const error = thrown(PolicyEvaluationError, () => evaluatePolicyExpression(expression, sampleContext()));
    expect(error.message).toBe("at 1:29: CronSpan: 'Nowhere/Land' is not a known time zone");
  });

  it.each([
    ["*/5 * * * *", "minute field '*/5'"],
    ["0 9 * * MON", "day-of-week field 'MON'"],
    ["0 9 * JAN *", "month field 'JAN'"],
    ["@daily", "expected 5 cron fields"],
    ["0 0 9 * * *", "expected 5 cron fields"],
    ["60 * * * *", "values must lie in 0-59"],
    ["0 24 * * *", "values must lie in 0-23"],
    ["0 0 0 * *", "values must lie in 1-31"],
    ["0 0 * * 7", "values must lie in 0-6"],
    ["0 5-1 * * *", "ranges ascending"],
    ["0 1,,2 * * *", "expected *, a number"],
  ])("refuses the cron %j: %s", (cron, problem) => {
    const result = parseCron(cron);
    expect("problem" in result ? result.problem : "accepted").toContain(problem);
  });

  it.each([
    ["8h", 480],
    ["90m", 90],
    ["1d12h", 2160],
    ["7d", 10080],
    ["1d1h1m", 1501],
  ])("reads the duration %s as %i minutes", (text, minutes) => {
    expect(parseDuration(text)).toBe(minutes);
  });

  it.each(["", "0m", "7d1m", "1.5h", "8", "h", "8s", "1h1d", " 8h"])("refuses the duration %j", (text) => {
    expect(typeof parseDuration(text)).toBe("object");
  });
});
