// The notice to the address an account had before (app/.server/features/account-access.ts): where its e-mail went, from
// which browser and when, that every other session was signed out, and what to do if that was not them.
import { translator } from "~/lib/dictionaries";
import { brandedEmail, emailLanguage, originOf, Paragraph, type RequestOrigin } from "./layout";
import type { EmailContent } from "./types";

export type EmailChangedInput = { to: string; newEmail: string; language: string; origin: RequestOrigin };

export function emailChangedEmail(input: EmailChangedInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  const subject = t("email.emailChanged.subject");
  return brandedEmail(
    { to: input.to, subject, language, preheader: t("email.emailChanged.preheader", { email: input.newEmail }) },
    <>
      <Paragraph>{t("email.emailChanged.body", { email: input.newEmail })}</Paragraph>
      <Paragraph muted>{t("email.origin.changed", originOf(input.origin, language))}</Paragraph>
      <Paragraph>{t("email.emailChanged.signedOut")}</Paragraph>
      <Paragraph>{t("email.emailChanged.notYou")}</Paragraph>
    </>,
  );
}
