// Dates and numbers in the page's language. Times are shown in UTC, and say so: the server renders the page before
// any script knows the reader's time zone, and the browser must render the same text when it hydrates.
import { useTranslation } from "~/lib/translation";

type DateInput = Date | string | number;

export function formatters(language: string) {
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
