// Languages of the product (spec section 1) and a translator usable outside React (e-mails, server messages).
import { createInstance, type TFunction } from "i18next";
import ar from "../locales/ar/translation";
import en from "../locales/en/translation";
import fr from "../locales/fr/translation";
import sw from "../locales/sw/translation";

export const languages = ["en", "fr", "ar", "sw"] as const;
export type Language = (typeof languages)[number];
export const defaultLanguage: Language = "en";

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  ar: { translation: ar },
  sw: { translation: sw },
} as const;

/** Font scale per language: Arabic script reads better a little larger (spec section 9). */
export const fontScale: Record<Language, number> = { en: 1, fr: 1, ar: 1.2, sw: 1 };

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (languages as readonly string[]).includes(value);
}

export function directionOf(language: Language): "ltr" | "rtl" {
  return language === "ar" ? "rtl" : "ltr";
}

const translators = new Map<string, TFunction>();

/** A synchronous translator for one language; unknown languages fall back to English. */
export function translator(language: string): TFunction {
  const lng = isLanguage(language) ? language : defaultLanguage;
  let t = translators.get(lng);
  if (!t) {
    const instance = createInstance();
    void instance.init({ lng, fallbackLng: defaultLanguage, resources, initAsync: false, interpolation: { escapeValue: false } });
    t = instance.t;
    translators.set(lng, t);
  }
  return t;
}

/** "5 minutes", "5 minutes", "5 دقائق", "dakika 5": Intl does the plural rules, so no dictionary key needs them. */
export function formatDuration(seconds: number, language: string): string {
  const lng = isLanguage(language) ? language : defaultLanguage;
  const [value, unit] = seconds >= 90 ? [Math.ceil(seconds / 60), "minute"] : [Math.max(1, Math.ceil(seconds)), "second"];
  return new Intl.NumberFormat(lng, { style: "unit", unit, unitDisplay: "long" }).format(value);
}
