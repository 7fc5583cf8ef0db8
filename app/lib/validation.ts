// Form messages are translation keys, so one schema serves the server (request language) and the page (page
// language). A key may carry parameters: "validation.tooLong|{"max":1000}".
import type { TFunction } from "i18next";

export function message(key: string, params?: Record<string, string | number>): string {
  return params ? `${key}|${JSON.stringify(params)}` : key;
}

export function translateMessage(t: TFunction, value: string): string {
  const separator = value.indexOf("|");
  if (separator === -1) return t(value, { defaultValue: t("validation.invalidInput") });
  const params = JSON.parse(value.slice(separator + 1)) as Record<string, unknown>;
  return t(value.slice(0, separator), { ...params, defaultValue: t("validation.invalidInput") });
}
