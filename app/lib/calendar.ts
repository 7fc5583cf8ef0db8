// The days of the date picker's calendar (app/components/ui/date-picker.tsx, ADR 055), as the form posts them:
// "YYYY-MM-DD". Days are counted in UTC, so no time zone or daylight-saving change can skip or repeat one.

const DAY_MS = 24 * 60 * 60 * 1000;

/** The day a date field holds, or null when it is empty or not a day of the calendar (2027-02-30). */
export function parseDay(value: string | undefined | null): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value ?? "");
  if (!match) return null;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(time) || toDay(time) !== value ? null : value!;
}

const toDay = (time: number) => new Date(time).toISOString().slice(0, 10);
const timeOf = (day: string) => Date.parse(`${day}T00:00:00Z`);

/** Today in the browser's own calendar. */
export function today(now = new Date()): string {
  return toDay(Date.UTC(now.getFullYear(), now.getMonth(), now.getDate()));
}

export function addDays(day: string, days: number): string {
  return toDay(timeOf(day) + days * DAY_MS);
}

/** The same day of another month, or that month's last day when it is shorter (31 January + 1 month: 28 February). */
export function addMonths(day: string, months: number): string {
  const at = new Date(timeOf(day));
  const first = Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months, 1);
  const last = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + months + 1, 0)).getUTCDate();
  return toDay(first + (Math.min(at.getUTCDate(), last) - 1) * DAY_MS);
}

/** The first day of the month of `day`. */
export const monthOf = (day: string) => `${day.slice(0, 7)}-01`;

/** The day's place in a week that starts on `firstDay` (1 Monday … 7 Sunday, as Intl.Locale's week info): 0 to 6. */
function placeInWeek(day: string, firstDay: number): number {
  const weekday = new Date(timeOf(day)).getUTCDay() || 7;
  return (weekday - firstDay + 7) % 7;
}

export const startOfWeek = (day: string, firstDay: number) => addDays(day, -placeInWeek(day, firstDay));
const endOfWeek = (day: string, firstDay: number) => addDays(day, 6 - placeInWeek(day, firstDay));

/** The weeks of a month: seven places each, null before its first day and after its last. */
export function monthWeeks(month: string, firstDay: number): Array<Array<string | null>> {
  const first = monthOf(month);
  const next = addMonths(first, 1);
  const weeks: Array<Array<string | null>> = [];
  for (let start = startOfWeek(first, firstDay); start < next; start = addDays(start, 7))
    weeks.push(
      Array.from({ length: 7 }, (_, i) => addDays(start, i)).map((day) => (monthOf(day) === first ? day : null)),
    );
  return weeks;
}

/** The seven days of one week from `firstDay` on (a week of January 2024, which began on a Monday): for their names. */
export function weekdays(firstDay: number): string[] {
  return Array.from({ length: 7 }, (_, i) => addDays("2024-01-01", (firstDay - 1 + i) % 7));
}

// Where Intl.Locale has no week info (Firefox before 145): the first day of the week of each product language's
// main region (CLDR): the United States, France, Egypt, Tanzania.
const FIRST_DAY: Record<string, number> = { en: 7, fr: 1, ar: 6, sw: 1 };

/** The first day of the week in `language` (1 Monday … 7 Sunday). */
export function firstDayOfWeek(language: string): number {
  try {
    const locale = new Intl.Locale(language) as Intl.Locale & {
      getWeekInfo?: () => { firstDay: number };
      weekInfo?: { firstDay: number };
    };
    const firstDay = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay;
    if (firstDay) return firstDay;
  } catch {
    // An unknown tag: the table below.
  }
  return FIRST_DAY[language.slice(0, 2)] ?? 1;
}

/**
 * Where a key moves the focus in the grid (WAI-ARIA APG date picker): arrows by a day or a week (left and right
 * mirrored right to left), Page Up/Down by a month (with Shift, a year), Home/End to the week's first and last day.
 * Null: the key is not the grid's.
 */
export function dayAfterKey(
  day: string,
  key: string,
  { rtl, shift, firstDay }: { rtl: boolean; shift: boolean; firstDay: number },
): string | null {
  switch (key) {
    case "ArrowLeft":
      return addDays(day, rtl ? 1 : -1);
    case "ArrowRight":
      return addDays(day, rtl ? -1 : 1);
    case "ArrowUp":
      return addDays(day, -7);
    case "ArrowDown":
      return addDays(day, 7);
    case "PageUp":
      return addMonths(day, shift ? -12 : -1);
    case "PageDown":
      return addMonths(day, shift ? 12 : 1);
    case "Home":
      return startOfWeek(day, firstDay);
    case "End":
      return endOfWeek(day, firstDay);
    default:
      return null;
  }
}

type CalendarText = {
  firstDay: number;
  /** "November 2026" */
  month: (day: string) => string;
  /** "Monday, November 30, 2026": a day's accessible name. */
  full: (day: string) => string;
  dayNumber: (day: string) => string;
  weekdays: Array<{ long: string; shown: string }>;
};

/** One set per language, made on first use (building an Intl formatter costs far more than using it: format.ts). */
const byLanguage = new Map<string, CalendarText>();

const at = (day: string) => new Date(`${day}T00:00:00Z`);

/** Month and day names in the page's language (Intl), and the first day of its week. */
export function calendarText(language: string): CalendarText {
  let made = byLanguage.get(language);
  if (!made) {
    made = makeCalendarText(language);
    if (byLanguage.size < 16) byLanguage.set(language, made);
  }
  return made;
}

function makeCalendarText(language: string): CalendarText {
  const firstDay = firstDayOfWeek(language);
  const utc = { timeZone: "UTC" } as const;
  const month = new Intl.DateTimeFormat(language, { ...utc, month: "long", year: "numeric" });
  const full = new Intl.DateTimeFormat(language, { ...utc, dateStyle: "full" });
  const dayNumber = new Intl.DateTimeFormat(language, { ...utc, day: "numeric" });
  const days = weekdays(firstDay).map(at);
  const long = new Intl.DateTimeFormat(language, { ...utc, weekday: "long" });
  const short = new Intl.DateTimeFormat(language, { ...utc, weekday: "short" });
  const narrow = new Intl.DateTimeFormat(language, { ...utc, weekday: "narrow" });
  // Short names where they are short ("Mon", "lun."); where the short form is the whole name (Arabic, Swahili), the
  // narrow one, so that seven fit on a phone. The whole name stays the column's accessible name.
  const shortFits = days.every((day) => short.format(day).length <= 4);
  return {
    firstDay,
    month: (day) => month.format(at(day)),
    full: (day) => full.format(at(day)),
    dayNumber: (day) => dayNumber.format(at(day)),
    weekdays: days.map((day) => ({ long: long.format(day), shown: (shortFits ? short : narrow).format(day) })),
  };
}
