import type { i18n } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as useI18nextTranslation, type UseTranslationResponse } from "react-i18next";

type Translation = UseTranslationResponse<"translation", undefined>;

const translations = new WeakMap<i18n, Translation>();

/** More than the dictionaries have keys: a bound against keys built from input, which i18next answers with the key. */
const REMEMBERED_KEYS = 5_000;

/**
 * `t` that remembers what a key without options gave: most calls are `t("key")`, and on the server each language's
 * instance is shared by every request and never changes (app/.server/web/i18n.ts), so the answer never changes
 * either. i18next resolving the key again was 5 % of a page (ADR 026). Calls with options go to i18next.
 */
function remembering(t: Translation["t"]): Translation["t"] {
  const results = new Map<string, unknown>();
  const call = t as unknown as (...args: unknown[]) => unknown;
  const remembered = (key: unknown, ...rest: unknown[]) => {
    if (rest.length > 0 || typeof key !== "string") return call(key, ...rest);
    let result = results.get(key);
    if (result === undefined) {
      result = call(key);
      if (results.size < REMEMBERED_KEYS) results.set(key, result);
    }
    return result;
  };
  return Object.assign(remembered, t) as unknown as Translation["t"];
}

/**
 * The server's `useTranslation`: the request's i18next instance is fixed to one language and never changes while a
 * page renders, so its `t` is made once per instance. react-i18next's own hook copies the whole instance into a
 * wrapper at every call on the server (its refs do not survive a server render), which was an eighth of the server's
 * CPU under load (ADR 025). Its `t` remembers option-less answers (ADR 026).
 */
function useServerTranslation(): Translation {
  const { i18n: instance } = useContext(I18nContext);
  let translation = translations.get(instance);
  if (!translation) {
    const t = remembering(instance.getFixedT(null, "translation") as Translation["t"]);
    translation = Object.assign([t, instance, true] as [Translation["t"], i18n, boolean], {
      t,
      i18n: instance,
      ready: true,
    });
    translations.set(instance, translation);
  }
  return translation;
}

/** The translation hook every component uses: react-i18next's in the browser (it follows language changes). */
function useBrowserTranslation(): Translation {
  return useI18nextTranslation();
}

// Decided once, as the module loads: a server has no document (nor do the scripts and specs that import components).
export const useTranslation: () => Translation =
  typeof document === "undefined" ? useServerTranslation : useBrowserTranslation;
