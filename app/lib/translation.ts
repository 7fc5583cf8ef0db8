import type { i18n } from "i18next";
import { useContext } from "react";
import { I18nContext, useTranslation as useI18nextTranslation, type UseTranslationResponse } from "react-i18next";

type Translation = UseTranslationResponse<"translation", undefined>;

const translations = new WeakMap<i18n, Translation>();

/**
 * The server's `useTranslation`: the request's i18next instance is fixed to one language and never changes while a
 * page renders, so its `t` is made once per instance. react-i18next's own hook copies the whole instance into a
 * wrapper at every call on the server (its refs do not survive a server render), which was an eighth of the server's
 * CPU under load (ADR 025).
 */
function useServerTranslation(): Translation {
  const { i18n: instance } = useContext(I18nContext);
  let translation = translations.get(instance);
  if (!translation) {
    const t = instance.getFixedT(null, "translation") as Translation["t"];
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
