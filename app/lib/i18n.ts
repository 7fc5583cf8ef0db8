// Languages of the product (docs/product.md). No dictionary here: the browser loads only the one it needs
// (app/lib/load-language.ts); the server and the tests take them all from app/lib/dictionaries.ts.
import { kept } from "./kept";

export const languages = ["en", "fr", "ar", "sw"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

/** Each language's name in itself, for the language switcher. */
export const languageNames: Record<Language, string> = {
  en: "English",
  fr: "Français",
  ar: "العربية",
  sw: "Kiswahili",
};

/** Font scale per language: Arabic script reads better a little larger (docs/product.md). */
export const fontScale: Record<Language, number> = { en: 1, fr: 1, ar: 1.2, sw: 1 };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

/** One per language and unit (eight at most): a unit formatter takes some 35 µs to build and use once, 1 µs after. */
const durationFormats = new Map<string, Intl.NumberFormat>();

/** "5 minutes", "5 minutes", "5 دقائق", "dakika 5": Intl does the plural rules, so no dictionary key needs them. */
export function formatDuration(seconds: number, language: string): string {
  const lng = isLanguage(language) ? language : defaultLanguage;
  const [value, unit] =
    seconds >= 90 ? [Math.ceil(seconds / 60), "minute"] : [Math.max(1, Math.ceil(seconds)), "second"];
  const format = kept(
    durationFormats,
    `${lng} ${unit}`,
    () => new Intl.NumberFormat(lng, { style: "unit", unit, unitDisplay: "long" }),
  );
  return format.format(value);
}
