// The notice that an administrator reset a person's second factor (app/.server/features/second-factor.ts): sign-in
// asks for the e-mail code alone until they set one up again, and what to do if they did not ask for it.
import { translator } from "~/lib/dictionaries";
import { brandedEmail, emailLanguage, Paragraph } from "./layout";
import type { EmailContent } from "./types";

export type SecondFactorResetInput = { to: string; language: string };

export function secondFactorResetEmail(input: SecondFactorResetInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  return brandedEmail(
    {
      to: input.to,
      subject: t("email.secondFactorReset.subject"),
      language,
      preheader: t("email.secondFactorReset.preheader"),
    },
    <>
      <Paragraph>{t("email.secondFactorReset.body")}</Paragraph>
      <Paragraph>{t("email.secondFactorReset.notYou")}</Paragraph>
    </>,
  );
}
