// Every template, in every language: the frame (lang, dir, preheader), the words (no key left untranslated), the code
// as one string in both parts, the line saying from which browser and when, and a text part that reads on its own.
import { describe, expect, it } from "vitest";

import { renderEmail } from "~/.server/platform/email/render";
import { translator } from "~/lib/dictionaries";
import { formatDuration, languages, type Language } from "~/lib/i18n";
import { changeEmailCodeEmail, deleteAccountCodeEmail, signInCodeEmail, stepUpCodeEmail } from "./code-email";
import { emailChangedEmail } from "./email-changed";
import { invitationEmail } from "./invitation";
import { timeOf } from "./layout";
import { secondFactorResetEmail } from "./second-factor-reset";
import type { EmailContent } from "./types";
import { welcomeEmail } from "./welcome";

const firefoxOnWindows = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const at = new Date(Date.UTC(2031, 2, 13, 9, 30));
const origin = { userAgent: firefoxOnWindows, at };
const to = "nia@example.test";
const CODE = "042917";

type Case = {
  build: (language: Language) => EmailContent;
  preheader: (t: ReturnType<typeof translator>, language: Language) => string;
  code?: string;
  origin?: "requested" | "changed" | "invited";
};

const cases: Record<string, Case> = {
  "sign-in code": {
    build: (language) => signInCodeEmail({ to, code: CODE, language, minutes: 10, origin }),
    preheader: (t, language) => t("email.signInCode.preheader", { duration: formatDuration(600, language) }),
    code: CODE,
    origin: "requested",
  },
  "change-of-address code": {
    build: (language) => changeEmailCodeEmail({ to, code: CODE, language, minutes: 10, origin }),
    preheader: (t, language) => t("email.changeEmailCode.preheader", { duration: formatDuration(600, language) }),
    code: CODE,
    origin: "requested",
  },
  "delete-account code": {
    build: (language) => deleteAccountCodeEmail({ to, code: CODE, language, minutes: 10, origin }),
    preheader: (t, language) => t("email.deleteAccountCode.preheader", { duration: formatDuration(600, language) }),
    code: CODE,
    origin: "requested",
  },
  "step-up code": {
    build: (language) => stepUpCodeEmail({ to, code: CODE, language, minutes: 10, origin }),
    preheader: (t, language) => t("email.stepUpCode.preheader", { duration: formatDuration(600, language) }),
    code: CODE,
    origin: "requested",
  },
  "address-changed notice": {
    build: (language) => emailChangedEmail({ to, newEmail: "nia@new.example.test", language, origin }),
    preheader: (t) => t("email.emailChanged.preheader", { email: "nia@new.example.test" }),
    origin: "changed",
  },
  "second-factor reset notice": {
    build: (language) => secondFactorResetEmail({ to, language }),
    preheader: (t) => t("email.secondFactorReset.preheader"),
  },
  invitation: {
    build: (language) =>
      invitationEmail({
        to,
        invitationId: "inv123",
        organizationName: "Acme",
        inviterName: "Ada Owner",
        inviterEmail: "ada@example.test",
        role: "admin",
        expiresAt: at,
        language,
        origin,
      }),
    preheader: (t, language) =>
      t("email.invitation.preheader", {
        organization: "Acme",
        role: t("organizations.roles.admin"),
        date: timeOf(at, language),
      }),
    origin: "invited",
  },
  welcome: {
    build: (language) => welcomeEmail({ to, name: "Nia", language }),
    preheader: (t) => t("email.welcome.preheader"),
  },
};

/** What a text part must not hold: markup, entities, the preheader's padding, keys or placeholders left over. */
function expectReadableText(text: string) {
  expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
  expect(text).not.toMatch(/&(#\d+|[a-z]+);/i);
  expect(text).not.toMatch(/[\u200b-\u200f\ufeff]/);
  expect(text).not.toMatch(/\n{3,}/);
  expect(text).not.toMatch(/^\s*-{2,}/m); // a line of dashes would also end the part early for a naive MIME reader
  expect(text.split("\n")[0]).toBe("Groundwork");
}

/** The few entities React writes in text. */
const decode = (html = "") =>
  html.replace(
    /&(#x27|quot|amp|lt|gt);/g,
    (_, name: string) => ({ "#x27": "'", quot: '"', amp: "&", lt: "<", gt: ">" })[name]!,
  );

function expectNoKeyLeft(text: string) {
  expect(text).not.toMatch(/\b(email|organizations|meta)\.[a-zA-Z]+(\.[a-zA-Z]+)?\b/);
  expect(text).not.toContain("{{");
}

for (const [name, item] of Object.entries(cases)) {
  describe(`the ${name} e-mail`, () => {
    for (const language of languages) {
      it(`is whole in ${language}: lang and dir, preheader, ${item.code ? "the code as one string, " : ""}${item.origin ? "where and when, " : ""}readable text`, async () => {
        const t = translator(language);
        const email = await renderEmail(item.build(language));
        expect(email.to).toBe(to);
        expect(email.html).toMatch(/^<!DOCTYPE html/);
        expect(email.html).toContain(`<html dir="${t("meta.dir")}" lang="${language}">`);
        expect(t("meta.dir")).toBe(language === "ar" ? "rtl" : "ltr");
        // The preheader: the first thing in the body, hidden, padded so that the body does not leak into previews.
        const preheader = decode(
          email.html.match(
            /<body[^>]*><!--\$--><!--html--><!--head--><div style="display:none[^"]*" data-skip-in-text="true">([^<]*)</,
          )?.[1],
        );
        expect(preheader).toContain(item.preheader(t, language));
        expect(email.text).not.toContain(preheader!.trim());
        expect(email.text).toContain(t("email.layout.footer", { email: to }));
        expectNoKeyLeft(email.subject);
        expectNoKeyLeft(email.text);
        expectNoKeyLeft(email.html);
        expectReadableText(email.text);
        if (item.code) {
          // One string, alone on its line in the text and alone in its element in the HTML, left to right.
          expect(email.text).toContain(`\n${item.code}\n`);
          expect(email.html).toMatch(
            new RegExp(`<p dir="ltr" style="[^"]*monospace[^"]*letter-spacing:8px[^"]*">${item.code}</p>`),
          );
          // Not on the lock screen: neither the subject nor the preheader holds it (ADR 023).
          expect(email.subject).not.toContain(item.code);
          expect(preheader).not.toContain(item.code);
          expect(email.text.match(/\b\d{6}\b/g)).toEqual([item.code]);
        }
        if (item.origin) {
          const line = t(`email.origin.${item.origin}`, {
            inviter: "Ada Owner",
            device: t("email.origin.device", { browser: "Firefox", os: "Windows" }),
            time: timeOf(at, language),
          });
          expect(email.text).toContain(line);
        }
      });
    }
  });
}

describe("the line that says where a request came from", () => {
  it("names an unknown browser as such, and a time in the recipient's language, in UTC", async () => {
    const email = await renderEmail(
      signInCodeEmail({ to, code: CODE, language: "fr", minutes: 10, origin: { userAgent: null, at } }),
    );
    expect(email.text).toContain("Demandé depuis un navigateur inconnu, le 13 mars 2031, 09:30 UTC.");
    const phone = await renderEmail(
      signInCodeEmail({
        to,
        code: CODE,
        language: "en",
        minutes: 10,
        origin: {
          userAgent:
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1",
          at,
        },
      }),
    );
    expect(phone.text).toContain("Requested from Safari on iOS on Mar 13, 2031, 09:30 AM UTC.");
  });
});

describe("the invitation e-mail's words", () => {
  const base = {
    to,
    invitationId: "inv123",
    organizationName: "Acme",
    inviterName: "Ada Owner",
    inviterEmail: "ada@example.test",
    role: "admin",
    expiresAt: at,
    origin,
  };

  it("says who invites whom to which organization with which role, the link and the end, in the chosen language", async () => {
    const email = await renderEmail(invitationEmail({ ...base, language: "fr" }));
    expect(email.subject).toBe("Ada Owner vous invite à rejoindre Acme sur Groundwork");
    expect(email.text).toContain(
      "Ada Owner (ada@example.test) vous invite à rejoindre l'organisation Acme sur Groundwork, avec le rôle Administrateur.",
    );
    expect(email.text).toContain(
      "Pour l'accepter ou la refuser, ouvrez cette page :\nhttp://127.0.0.1:3999/invitations/inv123\n",
    );
    expect(email.text).toContain("L'invitation expire le 13 mars 2031");
    expect(email.text).toContain("Envoyée par Ada Owner depuis Firefox sur Windows, le 13 mars 2031, 09:30 UTC.");
    expect(email.html).toContain('<a href="http://127.0.0.1:3999/invitations/inv123" dir="ltr"');
  });

  it("reads right to left in Arabic, the link left to right", async () => {
    const email = await renderEmail(invitationEmail({ ...base, role: "owner", language: "ar" }));
    expect(email.subject).toBe("Ada Owner يدعوك للانضمام إلى Acme على Groundwork");
    expect(email.text).toContain("بدور المالك");
    expect(email.html).toMatch(/<a href="http:\/\/127.0.0.1:3999\/invitations\/inv123" dir="ltr"[^>]*>http/);
  });

  it("keeps names that look like markup as text", async () => {
    const email = await renderEmail(
      invitationEmail({
        ...base,
        organizationName: `<img src=x onerror="alert(1)">`,
        inviterName: "<b>Eve</b>",
        language: "en",
      }),
    );
    expect(email.html).not.toContain("<img");
    expect(email.html).not.toContain("<b>");
    expect(email.html).toContain("&lt;img src=x onerror=&quot;alert(1)&quot;&gt;");
    expect(email.text).toContain(`<b>Eve</b> (ada@example.test) invited you to join the organization <img`);
  });

  it("names the inviter by address when they have no name, and falls back to English for an unknown language", async () => {
    const email = await renderEmail(invitationEmail({ ...base, inviterName: "", role: "member", language: "xx" }));
    expect(email.subject).toBe("ada@example.test invited you to join Acme on Groundwork");
    expect(email.html).toContain('<html dir="ltr" lang="en">');
    expect(email.text).toContain("with the role Member.");
    expect(email.text).toContain("The invitation expires on Mar 13, 2031");
  });

  it("speaks Swahili", async () => {
    const email = await renderEmail(invitationEmail({ ...base, language: "sw" }));
    expect(email.subject).toBe("Ada Owner amekualika ujiunge na Acme kwenye Groundwork");
    expect(email.text).toContain("ukiwa na jukumu la Msimamizi");
  });
});

describe("the welcome e-mail's words", () => {
  it("says where to sign in, the address to type and that a 6-digit code will come, in the chosen language", async () => {
    const email = await renderEmail(welcomeEmail({ to, name: "Nia", language: "sw" }));
    expect(email.subject).toBe("Karibu Groundwork");
    expect(email.text).toContain("Habari Nia,");
    expect(email.text).toContain("Ili kuingia, fungua ukurasa huu:\nhttp://127.0.0.1:3999/login\n");
    expect(email.text).toContain(`kisha uweke anwani yako ya barua pepe:\n${to}\n`);
    expect(email.text).toContain("msimbo wa tarakimu 6");
  });

  it("reads right to left in Arabic, the address and the link left to right", async () => {
    const email = await renderEmail(welcomeEmail({ to, name: "نيا", language: "ar" }));
    expect(email.subject).toBe("مرحبًا بك في Groundwork");
    expect(email.html).toContain(`<strong dir="ltr">${to}</strong>`);
    expect(email.html).toMatch(/<a href="http:\/\/127.0.0.1:3999\/login" dir="ltr"/);
    expect(email.text).toContain("مرحبًا نيا،");
  });

  it("keeps a name that looks like markup as text", async () => {
    const email = await renderEmail(welcomeEmail({ to, name: `<img src=x onerror="alert(1)">`, language: "en" }));
    expect(email.html).not.toContain("<img");
    expect(email.text).toContain(`Hello <img src=x onerror="alert(1)">,`);
  });
});
