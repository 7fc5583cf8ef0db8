// The code that confirms the deletion of an account, sent to its address (app/.server/features/account.ts).
// Not in the subject nor in the preheader (ADR 023).
import { translator } from "../../../../lib/dictionaries";
import { formatDuration } from "../../../../lib/i18n";
import type { AccountCodeInput } from "./change-email-code";
import { Code, deviceOf, emailLanguage, Layout, Paragraph, timeOf } from "./layout";
import type { EmailContent } from "./types";

export function deleteAccountCodeEmail(input: AccountCodeInput): EmailContent {
  const language = emailLanguage(input.language);
  const t = translator(language);
  const duration = formatDuration(input.minutes * 60, language);
  const subject = t("email.deleteAccountCode.subject");
  return {
    to: input.to,
    subject,
    body: (
      <Layout
        heading={subject}
        language={language}
        to={input.to}
        preheader={t("email.deleteAccountCode.preheader", { duration })}
      >
        <Paragraph>{t("email.deleteAccountCode.intro")}</Paragraph>
        <Code code={input.code} />
        <Paragraph>{t("email.deleteAccountCode.expiry", { duration })}</Paragraph>
        <Paragraph muted>
          {t("email.origin.requested", {
            device: deviceOf(input.origin.userAgent, language),
            time: timeOf(input.origin.at, language),
          })}
        </Paragraph>
        <Paragraph muted>{t("email.deleteAccountCode.ignore")}</Paragraph>
      </Layout>
    ),
  };
}
