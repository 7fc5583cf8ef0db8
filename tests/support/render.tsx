// Renders a component the way the app does: inside a router and with the translations of one language.
import { render } from "@testing-library/react";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { createRoutesStub } from "react-router";

import { resources } from "~/lib/dictionaries";

export function i18nFor(language: string) {
  const instance = createInstance();
  void instance
    .use(initReactI18next)
    .init({ lng: language, fallbackLng: "en", resources, initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

/** Renders `ui` at `url` (default "/") in `language` (default en). */
export function renderWithRouter(
  ui: () => ReactNode,
  { url = "/", language = "en" }: { url?: string; language?: string } = {},
) {
  const Stub = createRoutesStub([{ path: "*", Component: () => <>{ui()}</> }]);
  return render(
    <I18nextProvider i18n={i18nFor(language)}>
      <Stub initialEntries={[url]} />
    </I18nextProvider>,
  );
}
