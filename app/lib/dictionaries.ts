// Every dictionary, for the server (pages, e-mails) and the tests. The browser loads one at a time instead.
import { createInstance, type TFunction } from "i18next";

import ar from "~/locales/ar/translation";
import en from "~/locales/en/translation";
import fr from "~/locales/fr/translation";
import sw from "~/locales/sw/translation";
import { defaultLanguage, isLanguage } from "./i18n";

export const resources = {
  en: { translation: en },
  fr: { translation: fr },
  ar: { translation: ar },
  sw: { translation: sw },
} as const;

const translators = new Map<string, TFunction>();

/** A synchronous translator for one language; unknown languages fall back to English. */
export function translator(language: string): TFunction {
  const lng = isLanguage(language) ? language : defaultLanguage;
  let t = translators.get(lng);
  if (!t) {
    const instance = createInstance();
    void instance.init({
      lng,
      fallbackLng: defaultLanguage,
      resources,
      initAsync: false,
      interpolation: { escapeValue: false },
    });
    t = instance.t;
    translators.set(lng, t);
  }
  return t;
}
