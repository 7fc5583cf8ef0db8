// The account page's e-mails (app/.server/features/account.ts): the code that confirms a new address, the notice to
// the old one, and the code that confirms a deletion. Each in the language of the page that asked for it.
import { translator } from "../../../lib/dictionaries";
import { formatDuration } from "../../../lib/i18n";
import { sendEmail, type Email } from "./transport";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

type Paragraph = { text: string; code?: boolean; muted?: boolean };

/** One e-mail from its paragraphs: the text part, and the same in HTML, escaped, in the language's direction. */
function compose(to: string, subject: string, paragraphs: Paragraph[], language: string): Email {
  const dir = translator(language)("meta.dir");
  const style = (paragraph: Paragraph) =>
    paragraph.code
      ? ' style="font-size:28px;letter-spacing:6px;font-weight:700"'
      : paragraph.muted
        ? ' style="color:#666"'
        : "";
  return {
    to,
    subject,
    text: `${paragraphs.map((paragraph) => paragraph.text).join("\n\n")}\n`,
    html: `<div dir="${dir}" style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs
      .map((paragraph) => `<p${style(paragraph)}>${escapeHtml(paragraph.text)}</p>`)
      .join("")}</div>`,
  };
}

type CodeEmail = { to: string; code: string; language: string; minutes: number };

/** The code that makes `to` the account's new address; it goes to that new address. */
export async function sendChangeEmailCodeEmail({ to, code, language, minutes }: CodeEmail) {
  const t = translator(language);
  await sendEmail(
    compose(
      to,
      t("email.changeEmailCode.subject", { code }),
      [
        { text: t("email.changeEmailCode.intro") },
        { text: code, code: true },
        { text: t("email.changeEmailCode.expiry", { duration: formatDuration(minutes * 60, language) }) },
        { text: t("email.changeEmailCode.ignore"), muted: true },
      ],
      language,
    ),
  );
}

/** The notice to the address an account had before: where its e-mail went, and what to do if that was not them. */
export async function sendEmailChangedEmail({
  to,
  newEmail,
  language,
}: {
  to: string;
  newEmail: string;
  language: string;
}) {
  const t = translator(language);
  await sendEmail(
    compose(
      to,
      t("email.emailChanged.subject"),
      [{ text: t("email.emailChanged.body", { email: newEmail }) }, { text: t("email.emailChanged.notYou") }],
      language,
    ),
  );
}

/** The code that confirms the deletion of the account, sent to its address. */
export async function sendDeleteAccountCodeEmail({ to, code, language, minutes }: CodeEmail) {
  const t = translator(language);
  await sendEmail(
    compose(
      to,
      t("email.deleteAccountCode.subject", { code }),
      [
        { text: t("email.deleteAccountCode.intro") },
        { text: code, code: true },
        { text: t("email.deleteAccountCode.expiry", { duration: formatDuration(minutes * 60, language) }) },
        { text: t("email.deleteAccountCode.ignore"), muted: true },
      ],
      language,
    ),
  );
}
