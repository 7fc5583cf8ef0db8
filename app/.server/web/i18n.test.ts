import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";

import { fromAcceptLanguage, getInstance, getLocale, i18nextMiddleware, instanceFor, languageCookie } from "./i18n";

async function detect(url: string, headers: Record<string, string> = {}) {
  const context = new RouterContextProvider();
  await i18nextMiddleware(
    { request: new Request(url, { headers }), context, params: {}, url: new URL(url), pattern: "/" } as never,
    async () => new Response(),
  );
  return { language: getLocale(context), instance: getInstance(context) };
}

describe("the request's language", () => {
  it("is ?lng= first, then the cookie, then Accept-Language, then English", async () => {
    const cookie = await languageCookie.serialize("ar");
    const all = { Cookie: cookie, "Accept-Language": "sw" };
    expect((await detect("http://x/login?lng=fr", all)).language).toBe("fr");
    expect((await detect("http://x/login?lng=xx", all)).language).toBe("ar");
    expect((await detect("http://x/login", { "Accept-Language": "sw" })).language).toBe("sw");
    expect((await detect("http://x/login")).language).toBe("en");
  });

  it("reads Accept-Language by quality, by primary subtag, and skips q=0", () => {
    expect(fromAcceptLanguage("de-DE, fr-CA;q=0.8, ar;q=0.9")).toBe("ar");
    expect(fromAcceptLanguage("FR-ca")).toBe("fr");
    expect(fromAcceptLanguage("fr;q=0, sw;q=0.1")).toBe("sw");
    expect(fromAcceptLanguage("de, *;q=0.5")).toBeUndefined();
    expect(fromAcceptLanguage(`${"xx, ".repeat(10_000)}fr`)).toBeUndefined(); // past the first 50 entries
    expect(fromAcceptLanguage(null)).toBeUndefined();
  });

  it("has one ready i18next instance per language, shared by every request", async () => {
    const first = await detect("http://x/?lng=fr");
    const second = await detect("http://x/?lng=fr");
    expect(first.instance).toBe(second.instance);
    expect(first.instance).toBe(instanceFor("fr"));
    expect(first.instance.language).toBe("fr");
    expect(first.instance.t("common.signOut")).not.toBe(instanceFor("en").t("common.signOut"));
  });
});
