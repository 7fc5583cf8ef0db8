// The e-mail a person gets when an admin creates their account (app/features/users/users.server.ts), in the language
// the admin chose: where to sign in, the address to type there, and that a 6-digit code will come by e-mail (no
// password).
import { getEnv } from "~/.server/platform/env";
import { translator } from "~/lib/dictionaries";
import { brandedEmail, emailLanguage, FullLink, Paragraph } from "./layout";
import type { EmailContent } from "./types";

export type WelcomeEmailInput = { to: string; name: string; language: string };

export function welcomeEmail(input: WelcomeEmailInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  const signInUrl = `${getEnv().APP_URL}/login`;
  const subject = t("email.welcome.subject");
  return brandedEmail(
    { to: input.to, subject, language, preheader: t("email.welcome.preheader") },
    <>
      <Paragraph>{t("email.welcome.greeting", { name: input.name })}</Paragraph>
      <Paragraph>{t("email.welcome.intro")}</Paragraph>
      <Paragraph>
        {t("email.welcome.howTo")}
        <br />
        <FullLink href={signInUrl} />
      </Paragraph>
      <Paragraph>
        {t("email.welcome.address")}
        <br />
        <strong dir="ltr">{input.to}</strong>
      </Paragraph>
      <Paragraph>{t("email.welcome.code")}</Paragraph>
    </>,
  );
}
