/**
 * `CronSpan('<cron>', '<duration>', '<tz>')`: true when `now` lies in `[fire, fire + duration)` for
 * some fire of the cron schedule, fires read as wall-clock times in the IANA zone. The cron subset
 * is Turnkey's: five numeric fields (minute hour day-of-month month day-of-week, Sunday = 0), each
 * `*`, a number, a range `a-b` or a list of those; day-of-month and day-of-week are OR'd when both
 * are restricted. Durations are whole `d`/`h`/`m` parts, more than zero and at most 7 days.
 *
 * A fire is every instant whose wall-clock time in the zone matches: a local time skipped by a
 * daylight-saving change never fires, one repeated by it fires at each occurrence (Turnkey's
 * documentation does not say; this is our reading).
 */

const MINUTE = 60_000;
const MAX_DURATION_MINUTES = 7 * 24 * 60;

interface Field {
  allowed: boolean[];
  star: boolean;
}

export interface CronSchedule {
  minute: Field;
  hour: Field;
  dayOfMonth: Field;
  month: Field;
  dayOfWeek: Field;
}

const FIELDS = [
  ["minute", 0, 59],
  ["hour", 0, 23],
  ["day-of-month", 1, 31],
  ["month", 1, 12],
  ["day-of-week", 0, 6],
] as const;

/** The schedule, or why the text is not in the supported cron subset. */
export function parseCron(text: string): CronSchedule | { problem: string } {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 5) {
    return {
      problem: `expected 5 cron fields (minute hour day-of-month month day-of-week), found ${parts.length}`,
    };
  }
  const fields: Field[] = [];
  for (const [i, [name, min, max]] of FIELDS.entries()) {
    const field = parseField(parts[i]!, min, max);
    if ("problem" in field) return { problem: `${name} field '${parts[i]}': ${field.problem}` };
    fields.push(field);
  }
  const [minute, hour, dayOfMonth, month, dayOfWeek] = fields as [Field, Field, Field, Field, Field];
  return { minute, hour, dayOfMonth, month, dayOfWeek };
}

function parseField(text: string, min: number, max: number): Field | { problem: string } {
  const allowed = new Array<boolean>(max + 1).fill(false);
  if (text === "*") return { allowed: allowed.fill(true), star: true };
  for (const item of text.split(",")) {
    const range = /^(\d{1,2})(?:-(\d{1,2}))?$/.exec(item);
    if (!range) return { problem: "expected *, a number, a range a-b or a comma-separated list of those" };
    const from = Number(range[1]);
    const to = range[2] === undefined ? from : Number(range[2]);
    if (from < min || to > max || from > to)
      return { problem: `values must lie in ${min}-${max}, ranges ascending` };
    for (let v = from; v <= to; v++) allowed[v] = true;
  }
  return { allowed, star: false };
}

/** Minutes, or why the text is not a duration such as `8h`, `90m` or `1d12h`. */
export function parseDuration(text: string): number | { problem: string } {
  const match = /^(?:(\d{1,5})d)?(?:(\d{1,6})h)?(?:(\d{1,8})m)?$/.exec(text);
  if (!match || text === "")
    return { problem: "expected whole days, hours and minutes such as 8h, 90m or 1d12h" };
  const minutes = Number(match[1] ?? 0) * 1440 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  if (minutes <= 0 || minutes > MAX_DURATION_MINUTES)
    return { problem: "the duration must be more than 0 and at most 7 days" };
  return minutes;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** An IANA zone name this runtime knows (`America/New_York`, `UTC`), or undefined. */
function formatterFor(zone: string): Intl.DateTimeFormat | undefined {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return undefined;
  let formatter = formatters.get(zone);
  if (!formatter) {
    try {
      formatter = new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      });
    } catch {
      return undefined;
    }
    formatters.set(zone, formatter);
  }
  return formatter;
}

export function isTimeZone(zone: string): boolean {
  return formatterFor(zone) !== undefined;
}

/** Wall-clock time minus UTC at `instant`, in milliseconds. */
function offsetAt(formatter: Intl.DateTimeFormat, instant: number): number {
  const part: Record<string, number> = {};
  for (const { type, value } of formatter.formatToParts(instant)) part[type] = Number(value);
  const wall = new Date(0);
  wall.setUTCFullYear(part.year!, part.month! - 1, part.day!);
  wall.setUTCHours(part.hour!, part.minute!, part.second!, 0);
  return wall.getTime() - Math.floor(instant / 1000) * 1000;
}

function fires(schedule: CronSchedule, wall: Date): boolean {
  const { minute, hour, dayOfMonth, month, dayOfWeek } = schedule;
  if (!minute.allowed[wall.getUTCMinutes()] || !hour.allowed[wall.getUTCHours()]) return false;
  if (!month.allowed[wall.getUTCMonth() + 1]) return false;
  const byDate = dayOfMonth.allowed[wall.getUTCDate()]!;
  const byWeekday = dayOfWeek.allowed[wall.getUTCDay()]!;
  return !dayOfMonth.star && !dayOfWeek.star ? byDate || byWeekday : byDate && byWeekday;
}

/**
 * Whether some fire lies in `(now - duration, now]`. The zone's offset is read once per hour of
 * candidates (and per minute in an hour where it changes), calling `onHour` each time so the
 * caller can charge the work to its budget.
 */
export function withinCronSpan(
  schedule: CronSchedule,
  durationMinutes: number,
  zone: string,
  now: Date,
  onHour: () => void,
): boolean {
  const formatter = formatterFor(zone);
  if (!formatter) throw new RangeError(`unknown time zone ${zone}`);
  const latest = Math.floor(now.getTime() / MINUTE) * MINUTE;
  for (let hourEnd = latest; hourEnd > latest - durationMinutes * MINUTE; hourEnd -= 60 * MINUTE) {
    onHour();
    const hourStart = Math.max(hourEnd - 59 * MINUTE, latest - (durationMinutes - 1) * MINUTE);
    const offset = offsetAt(formatter, hourEnd);
    const steady = offsetAt(formatter, hourStart) === offset;
    for (let instant = hourEnd; instant >= hourStart; instant -= MINUTE) {
      const wallOffset = steady ? offset : offsetAt(formatter, instant);
      if (fires(schedule, new Date(instant + wallOffset))) return true;
    }
  }
  return false;
}
