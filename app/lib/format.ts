// Dates and numbers in the page's language. Times are shown in UTC, and say so: the server renders the page before
// any script knows the reader's time zone, and the browser must render the same text when it hydrates.
import { useTranslation } from "~/lib/translation";

type DateInput = Date | string | number;

type Formatters = {
  date: (value: DateInput) => string;
  dateTime: (value: DateInput) => string;
  number: (value: number) => string;
};

/** One set per language, made on first use: building an Intl formatter costs far more than formatting with it (a list
 * page built six per row and spent 5 % of its time there, `npm run bench:http`). Four languages, so four sets. */
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
  return {
    date: (value: DateInput) => date.format(new Date(value)),
    dateTime: (value: DateInput) => dateTime.format(new Date(value)),
    number: (value: number) => number.format(value),
  };
}

/** `formatters` for the page's current language. */
export function useFormat() {
  const { i18n } = useTranslation();
  return formatters(i18n.language);
}
