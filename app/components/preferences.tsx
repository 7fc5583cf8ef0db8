import type { ParseKeys } from "i18next";
import type { ReactNode } from "react";
import { Form, useLocation, useRouteLoaderData } from "react-router";

import { languageNames, languages } from "~/lib/i18n";
import { useTranslation } from "~/lib/translation";
import { Globe, Monitor, Moon, Sun, SunMoon, type Icon } from "./ui/icons";

type RootData = { locale: string; theme: "system" | "light" | "dark" };

const themeChoices = [
  { value: "system", label: "theme.system", icon: Monitor },
  { value: "light", label: "theme.light", icon: Sun },
  { value: "dark", label: "theme.dark", icon: Moon },
] as const satisfies Array<{ value: RootData["theme"]; label: ParseKeys; icon: Icon }>;

/**
 * One preference as one plain form posting to /preferences: each choice is a submit button carrying its value, so a
 * single click applies it with or without JavaScript (the sign-in pages ship none), and there is no Apply button.
 */
function PreferenceGroup({
  intent,
  legend,
  icon: Icon,
  compact,
  columns,
  children,
}: {
  intent: "language" | "theme";
  legend: string;
  icon: Icon;
  compact: boolean;
  /** The grid of the choices in a menu (not compact): the languages two by two, the themes side by side. */
  columns: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Form method="post" action="/preferences" preventScrollReset>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      <fieldset className={compact ? "flex items-center gap-2" : "flex flex-col gap-1.5"}>
        <legend className={compact ? "sr-only" : "mb-1.5 text-xs font-medium text-zinc-600 dark:text-zinc-400"}>
          {legend}
        </legend>
        {compact ? <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" /> : null}
        <div
          className={`gap-0.5 rounded-md border border-zinc-200 bg-zinc-100 p-0.5 dark:border-zinc-700 dark:bg-zinc-800 ${
            compact ? "inline-flex flex-wrap" : columns
          }`}
        >
          {children}
        </div>
      </fieldset>
    </Form>
  );
}

/**
 * Language and theme switchers: language as a row of buttons (each language named in itself), theme as a segmented
 * control. Compact (the sign-in and invitation pages) puts each on one line after an icon; in a menu each has a visible
 * legend.
 */
export function Preferences({ compact = true }: { compact?: boolean }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  const locale = root?.locale ?? "en";
  const theme = root?.theme ?? "system";
  return (
    <div className={compact ? "flex flex-wrap items-center justify-center gap-x-4 gap-y-2" : "flex flex-col gap-3"}>
      <PreferenceGroup
        intent="language"
        legend={t("preferences.language")}
        icon={Globe}
        compact={compact}
        columns="grid grid-cols-2"
      >
        {languages.map((language) => (
          <button
            key={language}
            type="submit"
            name="language"
            value={language}
            lang={language}
            aria-pressed={language === locale}
            className="preference-option"
          >
            {languageNames[language]}
          </button>
        ))}
      </PreferenceGroup>
      <PreferenceGroup
        intent="theme"
        legend={t("preferences.theme")}
        icon={SunMoon}
        compact={compact}
        columns="grid grid-cols-3"
      >
        {themeChoices.map(({ value, label, icon: Icon }) => (
          <button
            key={value}
            type="submit"
            name="theme"
            value={value}
            aria-pressed={value === theme}
            className="preference-option"
          >
            <Icon aria-hidden="true" className="size-4 shrink-0" />
            {t(label)}
          </button>
        ))}
      </PreferenceGroup>
    </div>
  );
}
