import { createInstance } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { defaultLanguage, resources } from "./lib/i18n";

async function hydrate() {
  const i18next = createInstance();
  await i18next.use(initReactI18next).init({
    lng: document.documentElement.lang || defaultLanguage,
    fallbackLng: defaultLanguage,
    resources,
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
