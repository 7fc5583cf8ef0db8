// The sign-in code (app/.server/features/sign-in.ts). The code is not in the subject nor in the preheader, which
// lock screens and notifications show (ADR 023).
import { translator } from "../../../../lib/dictionaries";
import { formatDuration } from "../../../../lib/i18n";
import { Code, deviceOf, emailLanguage, Layout, Paragraph, timeOf, type RequestOrigin } from "./layout";
import type { EmailContent } from "./types";

export type SignInCodeInput = { to: string; code: string; language: string; minutes: number; origin: RequestOrigin };

export function signInCodeEmail(input: SignInCodeInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  const duration = formatDuration(input.minutes * 60, language);
  const subject = t("email.signInCode.subject");
  return {
    to: input.to,
    subject,
    body: (
      <Layout
        heading={subject}
        language={language}
        to={input.to}
        preheader={t("email.signInCode.preheader", { duration })}
      >
        <Paragraph>{t("email.signInCode.intro")}</Paragraph>
        <Code code={input.code} />
        <Paragraph>{t("email.signInCode.expiry", { duration })}</Paragraph>
        <Paragraph muted>
          {t("email.origin.requested", {
            device: deviceOf(input.origin.userAgent, language),
            time: timeOf(input.origin.at, language),
          })}
        </Paragraph>
        <Paragraph muted>{t("email.signInCode.ignore")}</Paragraph>
        <Paragraph muted>{t("email.layout.neverShare")}</Paragraph>
      </Layout>
    ),
  };
}
