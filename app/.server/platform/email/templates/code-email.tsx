// The e-mails that carry a code, one template for all: the sign-in code (app/.server/features/sign-in.ts), the
// code that makes an address the account's new one (sent to that address), the code that confirms the deletion of
// an account and the code of a step-up (all three app/.server/features/account-access.ts). The code is not in the subject
// nor in the preheader, which lock screens and notifications show (ADR 023).
import { translator } from "~/lib/dictionaries";
import { formatDuration } from "~/lib/i18n";
import { brandedEmail, Code, emailLanguage, originOf, Paragraph, type RequestOrigin } from "./layout";
import type { EmailContent } from "./types";

export type CodeEmailInput = { to: string; code: string; language: string; minutes: number; origin: RequestOrigin };

/** Each kind's words, written out so that the dictionaries' checks see every key (app/locales/unused-keys.test.ts).
 * The deletion code's e-mail ends with its own "ignore" line, without the general never-share line. */
const kinds = {
  signInCode: {
    subject: "email.signInCode.subject",
    preheader: "email.signInCode.preheader",
    intro: "email.signInCode.intro",
    expiry: "email.signInCode.expiry",
    ignore: "email.signInCode.ignore",
    neverShare: true,
  },
  changeEmailCode: {
    subject: "email.changeEmailCode.subject",
    preheader: "email.changeEmailCode.preheader",
    intro: "email.changeEmailCode.intro",
    expiry: "email.changeEmailCode.expiry",
    ignore: "email.changeEmailCode.ignore",
    neverShare: true,
  },
  deleteAccountCode: {
    subject: "email.deleteAccountCode.subject",
    preheader: "email.deleteAccountCode.preheader",
    intro: "email.deleteAccountCode.intro",
    expiry: "email.deleteAccountCode.expiry",
    ignore: "email.deleteAccountCode.ignore",
    neverShare: false,
  },
  stepUpCode: {
    subject: "email.stepUpCode.subject",
    preheader: "email.stepUpCode.preheader",
    intro: "email.stepUpCode.intro",
    expiry: "email.stepUpCode.expiry",
    ignore: "email.stepUpCode.ignore",
    neverShare: true,
  },
} as const;

function codeEmail(kind: keyof typeof kinds, input: CodeEmailInput): EmailContent {
  const words = kinds[kind];
  const language = emailLanguage(input.language);
  const t = translator(language);
  const duration = formatDuration(input.minutes * 60, language);
  const subject = t(words.subject);
  const content = brandedEmail(
    { to: input.to, subject, language, preheader: t(words.preheader, { duration }) },
    <>
      <Paragraph>{t(words.intro)}</Paragraph>
      <Code code={input.code} />
      <Paragraph>{t(words.expiry, { duration })}</Paragraph>
      <Paragraph muted>{t("email.origin.requested", originOf(input.origin, language))}</Paragraph>
      <Paragraph muted>{t(words.ignore)}</Paragraph>
      {words.neverShare ? <Paragraph muted>{t("email.layout.neverShare")}</Paragraph> : null}
    </>,
  );
  return { ...content, code: input.code };
}

export const signInCodeEmail = (input: CodeEmailInput) => codeEmail("signInCode", input);
export const changeEmailCodeEmail = (input: CodeEmailInput) => codeEmail("changeEmailCode", input);
export const deleteAccountCodeEmail = (input: CodeEmailInput) => codeEmail("deleteAccountCode", input);
export const stepUpCodeEmail = (input: CodeEmailInput) => codeEmail("stepUpCode", input);
