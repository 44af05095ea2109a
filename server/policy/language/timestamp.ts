/**
 * `Timestamp('<rfc3339>')`: an RFC 3339 date-time whose offset is zero (`Z`, `z`, `+00:00` or
 * `-00:00`), as Turnkey's time-based policies require. Fractional seconds are kept to the
 * millisecond (a Date's precision); a leap second (`:60`) is refused, as a Date cannot hold it.
 */

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** The instant, or why the text is not an accepted timestamp. */
export function parseTimestamp(text: string): Date | { problem: string } {
  const match = RFC3339.exec(text);
  if (!match) return { problem: "expected an RFC 3339 date-time such as 2026-03-01T00:00:00Z" };
  const [year, month, day, hour, minute, second] = match.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offset = match[8]!;
  if (offset !== "Z" && offset !== "z" && offset !== "+00:00" && offset !== "-00:00") {
    return { problem: `the offset must be zero (Z, +00:00 or -00:00), not ${offset}` };
  }
  if (month < 1 || month > 12) return { problem: `month ${month} does not exist` };
  if (day < 1 || day > daysInMonth(year, month))
    return { problem: `day ${day} does not exist in that month` };
  if (hour > 23 || minute > 59) return { problem: "hour must be 00-23 and minute 00-59" };
  if (second > 59) return { problem: "second must be 00-59 (leap seconds are not supported)" };
  const milliseconds = Number((match[7] ?? "").padEnd(3, "0").slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0-99 as 1900-1999.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, milliseconds);
  return date;
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}
