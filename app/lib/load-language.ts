import type { i18n } from "i18next";

import type { Language } from "./i18n";

// One chunk per language: a page loads the dictionary it shows, not all four.
const dictionaries: Record<Language, () => Promise<{ default: Record<string, unknown> }>> = {
  en: () => import("~/locales/en/translation"),
  fr: () => import("~/locales/fr/translation"),
  ar: () => import("~/locales/ar/translation"),
  sw: () => import("~/locales/sw/translation"),
};

export async function loadDictionary(language: Language) {
  return (await dictionaries[language]()).default;
}

/** Switches the page to `language`, loading its dictionary first when it is not there yet. */
export async function switchLanguage(instance: i18n, language: Language): Promise<void> {
  if (!instance.hasResourceBundle(language, "translation")) {
    instance.addResourceBundle(language, "translation", await loadDictionary(language));
  }
  await instance.changeLanguage(language);
}
