import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation, useRouteLoaderData, useSubmit } from "react-router";

import { languageNames, languages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";
import { buttonClassName } from "./ui/button";

type RootData = { locale: string; theme: "system" | "light" | "dark" };

const selectClassName =
  "min-h-9 rounded-md border border-zinc-300 bg-white px-2 text-sm text-zinc-900 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100";

/** One preference as a plain form posting to /preferences; with JavaScript it submits when the choice changes. */
function PreferenceForm({
  intent,
  label,
  value,
  options,
}: {
  intent: "language" | "theme";
  label: string;
  value: string;
  options: Array<[string, string]>;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const hydrated = useHydrated();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const id = `preference-${intent}`;
  // A choice made while the page was still loading its JavaScript had no change event to react to: apply it now.
  useEffect(() => {
    const select = form.current?.elements.namedItem(intent);
    if (hydrated && select instanceof HTMLSelectElement && select.value !== value)
      void submit(form.current, { preventScrollReset: true });
  }, [hydrated, intent, submit, value]);
  return (
    <Form
      ref={form}
      method="post"
      action="/preferences"
      className="flex items-center gap-2"
      onChange={(event) => hydrated && submit(event.currentTarget, { preventScrollReset: true })}
    >
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="redirect" value={`${location.pathname}${location.search}`} />
      <label htmlFor={id} className="text-sm text-zinc-700 dark:text-zinc-300">
        {label}
      </label>
      <select id={id} name={intent} defaultValue={value} key={value} className={selectClassName}>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
      {hydrated ? null : (
        <button type="submit" className={buttonClassName("secondary", "min-h-9 px-3 py-1")}>
          {t("preferences.apply")}
        </button>
      )}
    </Form>
  );
}

/** Language and theme switchers, for the layouts and the login page. */
export function Preferences() {
  const { t } = useTranslation();
  const root = useRouteLoaderData<RootData>("root");
  return (
    <div className="flex flex-wrap items-center gap-3">
      <PreferenceForm
        intent="language"
        label={t("preferences.language")}
        value={root?.locale ?? "en"}
        options={languages.map((language) => [language, languageNames[language]])}
      />
      <PreferenceForm
        intent="theme"
        label={t("preferences.theme")}
        value={root?.theme ?? "system"}
        options={[
          ["system", t("theme.system")],
          ["light", t("theme.light")],
          ["dark", t("theme.dark")],
        ]}
      />
    </div>
  );
}
