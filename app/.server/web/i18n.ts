import { createCookie } from "react-router";
import { createI18nextMiddleware } from "remix-i18next";

import { resources } from "../../lib/dictionaries";
import { defaultLanguage, languages } from "../../lib/i18n";
import { getEnv } from "../platform/env";

/** The chosen language, kept 43200 minutes (docs/product.md). */
export const languageCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  maxAge: 43200 * 60,
  httpOnly: false,
  secure: getEnv().https,
});

// Detection order: ?lng=, then the lng cookie, then Accept-Language, then English.
export const [i18nextMiddleware, getLocale, getInstance] = createI18nextMiddleware({
  detection: {
    supportedLanguages: [...languages],
    fallbackLanguage: defaultLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie", "header"],
  },
  i18next: { resources, fallbackLng: defaultLanguage, interpolation: { escapeValue: false } },
});
