// Calendar days in a named time zone, for date filters: what "from 3 March to 5 March" means as instants. Intl knows
// every zone's rules (daylight saving included), so no library is needed.
import { kept } from "./kept";

/** Each zone's wall clock, made on first use: building one takes some 50 µs, using it 1 µs. Any of some 600 zone
 * names can be asked for, so the map is emptied when it reaches 64. */
const clocks = new Map<string, Intl.DateTimeFormat>();

/** The formatter that reads `zone`'s wall clock; throws a RangeError for a zone this runtime does not know. */
function clockOf(zone: string): Intl.DateTimeFormat {
  return kept(
    clocks,
    zone,
    () =>
      new Intl.DateTimeFormat("en-US", {
        timeZone: zone,
        hourCycle: "h23",
        year: "numeric",
        month: "numeric",
        day: "numeric",
        hour: "numeric",
        minute: "numeric",
        second: "numeric",
      }),
  );
}

/** Whether `zone` is an IANA time zone this runtime knows ("Europe/Paris", "UTC"). */
export function isTimeZone(zone: unknown): zone is string {
  if (typeof zone !== "string" || zone === "" || zone.length > 64) return false;
  try {
    return clockOf(zone).resolvedOptions().timeZone !== "";
  } catch {
    return false;
  }
}

let local: string | undefined;

/** The time zone this process runs in (the server's, or the browser's), read once: asking Intl takes some 100 µs. */
export function localTimeZone(): string {
  local ??= Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  return local;
}

/** A calendar day as a date field sends it, "YYYY-MM-DD", that exists (no 30 February), years 1000 to 9999. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== "string" || !/^[1-9]\d{3}-\d{2}-\d{2}$/.test(value)) return false;
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** The day after a calendar day. */
export function nextCalendarDay(day: string): string {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
}

/** The wall clock of `zone` at `instant`, read as if it were UTC (its fields, as a number of milliseconds). */
function wallClockAt(instant: number, zone: string): number {
  const parts = clockOf(zone).formatToParts(new Date(instant));
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((each) => each.type === type)?.value);
  return Date.UTC(part("year"), part("month") - 1, part("day"), part("hour"), part("minute"), part("second"));
}

const HALF_DAY = 12 * 60 * 60 * 1000;

/**
 * The instant a calendar day begins in `zone`: its midnight, or, where a clock change skips midnight, the first moment
 * of the day that exists. A zone changes its offset at most once around a midnight, so the day begins at midnight
 * under the offset of half a day before or of half a day after: the earlier of the two that falls on the day.
 */
export function startOfDayIn(day: string, zone: string): Date {
  const [year, month, date] = day.split("-").map(Number) as [number, number, number];
  const midnight = Date.UTC(year, month - 1, date);
  const offset = (instant: number) => wallClockAt(instant, zone) - Math.floor(instant / 1000) * 1000;
  const candidates = [midnight - offset(midnight - HALF_DAY), midnight - offset(midnight + HALF_DAY)].sort(
    (a, b) => a - b,
  );
  const onTheDay = candidates.find((instant) => wallClockAt(instant, zone) >= midnight);
  return new Date(onTheDay ?? candidates[1]!);
}
