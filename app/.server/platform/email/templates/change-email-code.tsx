// The code that makes an address the account's new one, sent to that address (app/.server/features/account.ts).
// Not in the subject nor in the preheader (ADR 023).
import { translator } from "../../../../lib/dictionaries";
import { formatDuration } from "../../../../lib/i18n";
import { Code, deviceOf, emailLanguage, Layout, Paragraph, timeOf, type RequestOrigin } from "./layout";
import type { EmailContent } from "./types";

export type AccountCodeInput = { to: string; code: string; language: string; minutes: number; origin: RequestOrigin };

export function changeEmailCodeEmail(input: AccountCodeInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  const duration = formatDuration(input.minutes * 60, language);
  const subject = t("email.changeEmailCode.subject");
  return {
    to: input.to,
    subject,
    body: (
      <Layout
        heading={subject}
        language={language}
        to={input.to}
        preheader={t("email.changeEmailCode.preheader", { duration })}
      >
        <Paragraph>{t("email.changeEmailCode.intro")}</Paragraph>
        <Code code={input.code} />
        <Paragraph>{t("email.changeEmailCode.expiry", { duration })}</Paragraph>
        <Paragraph muted>
          {t("email.origin.requested", {
            device: deviceOf(input.origin.userAgent, language),
            time: timeOf(input.origin.at, language),
          })}
        </Paragraph>
        <Paragraph muted>{t("email.changeEmailCode.ignore")}</Paragraph>
        <Paragraph muted>{t("email.layout.neverShare")}</Paragraph>
      </Layout>
    ),
  };
}
