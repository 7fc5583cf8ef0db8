import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { createInstance } from "i18next";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { describe, expect, it } from "vitest";

import { resources } from "./dictionaries";
import { useTranslation } from "./translation";

/** Renders `children` as the server does, with a request's i18next instance in `language`. */
async function render(language: string, children: ReactNode) {
  const instance = createInstance({ resources, lng: language, fallbackLng: "en" });
  await instance.init();
  return { instance, html: renderToString(<I18nextProvider i18n={instance}>{children}</I18nextProvider>) };
}

// This file runs without a document, as the server does (vitest.config.ts): the server's hook is the one under test.
describe("useTranslation on the server", () => {
  it("translates in the request's language and makes its result once per i18next instance", async () => {
    const seen: unknown[] = [];
    function Probe() {
      const translation = useTranslation();
      seen.push(translation);
      return <p>{translation.t("common.signOut")}</p>;
    }
    const french = await render(
      "fr",
      <>
        <Probe />
        <Probe />
      </>,
    );
    expect(french.html).toContain(resources.fr.translation.common.signOut);
    expect(seen[0]).toBe(seen[1]);
    const [t, i18n, ready] = seen[0] as [unknown, unknown, boolean];
    expect({ i18n, ready }).toEqual({ i18n: french.instance, ready: true });
    expect(t).toBe((seen[0] as { t: unknown }).t);

    const arabic = await render("ar", <Probe />);
    expect(arabic.html).toContain(resources.ar.translation.common.signOut);
    expect(seen[2]).not.toBe(seen[0]);
  });

  it("gives the same answers as i18next, with or without options, and the same answer again", async () => {
    const answers: string[] = [];
    function Probe() {
      const { t } = useTranslation();
      // A key built from input may be no key at all: i18next answers with the key.
      const unknownKey = "no.such.key" as "common.signOut";
      answers.push(t("shell.userMenu", { name: "Ada" }), t("common.signOut"), t("common.signOut"), t(unknownKey));
      return null;
    }
    const { instance } = await render("sw", <Probe />);
    expect(answers).toEqual([
      instance.t("shell.userMenu", { name: "Ada" }),
      instance.t("common.signOut"),
      instance.t("common.signOut"),
      "no.such.key",
    ]);
    expect(answers[0]).toContain("Ada");
  });
});

describe("where components take useTranslation from", () => {
  it("is ~/lib/translation everywhere, never react-i18next's hook directly", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && path !== join("app", "lib", "translation.ts")) {
          if (/import\s*{[^}]*\buseTranslation\b[^}]*}\s*from\s*"react-i18next"/.test(readFileSync(path, "utf8")))
            offenders.push(path);
        }
      }
    };
    walk("app");
    expect(offenders).toEqual([]);
  });
});
