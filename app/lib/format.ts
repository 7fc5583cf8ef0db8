// Dates and numbers in the page's language. Times are shown in UTC, and say so: the server renders the page before
// any script knows the reader's time zone, and the browser must render the same text when it hydrates.
import { kept } from "./kept";
import { useTranslation } from "./translation";

type DateInput = Date | string | number;

type Formatters = {
  /** "January 2, 2026" */
  date: (value: DateInput) => string;
  /** "Jan 2, 2026" */
  mediumDate: (value: DateInput) => string;
  /** "Jan 2" */
  dayAndMonth: (value: DateInput) => string;
  /** "Jan 2, 2026, 03:04 PM UTC" */
  dateTime: (value: DateInput) => string;
  number: (value: number) => string;
  /** "42%", from 0.42 */
  percent: (value: number) => string;
  /** "24 hours" */
  hours: (value: number) => string;
};

/** One set per language, made on first use: building an Intl formatter costs far more than formatting with it (a list
 * page built six per row and spent 5 % of its time there, `npm run bench:http`; a date format with a time zone takes
 * 50–120 µs to build and 1 µs to use). Four languages, so four sets. */
const byLanguage = new Map<string, Formatters>();

export function formatters(language: string): Formatters {
  let made = byLanguage.get(language);
  if (!made) {
    made = makeFormatters(language);
    // Only the product's languages reach here, but a bound keeps a bug from growing the map without end.
    if (byLanguage.size < 16) byLanguage.set(language, made);
  }
  return made;
}

function makeFormatters(language: string): Formatters {
  const date = new Intl.DateTimeFormat(language, { dateStyle: "long", timeZone: "UTC" });
  const mediumDate = new Intl.DateTimeFormat(language, { dateStyle: "medium", timeZone: "UTC" });
  const dayAndMonth = new Intl.DateTimeFormat(language, { month: "short", day: "numeric", timeZone: "UTC" });
  const dateTime = new Intl.DateTimeFormat(language, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  });
  const number = new Intl.NumberFormat(language);
  const percent = new Intl.NumberFormat(language, { style: "percent" });
  const hours = new Intl.NumberFormat(language, { style: "unit", unit: "hour", unitDisplay: "long" });
  return {
    date: (value: DateInput) => date.format(new Date(value)),
    mediumDate: (value: DateInput) => mediumDate.format(new Date(value)),
    dayAndMonth: (value: DateInput) => dayAndMonth.format(new Date(value)),
    dateTime: (value: DateInput) => dateTime.format(new Date(value)),
    number: (value: number) => number.format(value),
    percent: (value: number) => percent.format(value),
    hours: (value: number) => hours.format(value),
  };
}

/** Date and time in a named zone, as the audit trail shows them ("Jan 2, 2026, 4:04:00 PM" in Europe/Paris): one
 * formatter per language and zone, made on first use. Any of some 600 zone names can be asked for, so the map is
 * emptied when it reaches 64. */
const byLanguageAndZone = new Map<string, Intl.DateTimeFormat>();

export function zonedDateTime(language: string, timeZone: string): (value: DateInput) => string {
  const format = kept(
    byLanguageAndZone,
    `${language} ${timeZone}`,
    () => new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "medium", timeZone }),
  );
  return (value: DateInput) => format.format(new Date(value));
}

/** `formatters` for the page's current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  return formatters(i18n.language);
}
