import { createInstance } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";

import { defaultLanguage, isLanguage } from "./lib/i18n";
import { loadDictionary } from "./lib/load-language";

async function hydrate() {
  const lang = document.documentElement.lang;
  const lng = isLanguage(lang) ? lang : defaultLanguage;
  const i18next = createInstance();
  await i18next.use(initReactI18next).init({
    lng,
    fallbackLng: defaultLanguage,
    resources: { [lng]: { translation: await loadDictionary(lng) } },
    interpolation: { escapeValue: false },
  });
  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
