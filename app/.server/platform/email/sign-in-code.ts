import { translator } from "../../../lib/dictionaries";
import { formatDuration } from "../../../lib/i18n";
import { sendEmail } from "./transport";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The sign-in code e-mail, in the language the visitor was using when they asked for it. */
function signInCodeEmail({
  to,
  code,
  language,
  minutes,
}: {
  to: string;
  code: string;
  language: string;
  minutes: number;
}) {
  const t = translator(language);
  const subject = t("email.signInCode.subject", { code });
  const intro = t("email.signInCode.intro");
  const expiry = t("email.signInCode.expiry", { duration: formatDuration(minutes * 60, language) });
  const ignore = t("email.signInCode.ignore");
  const dir = t("meta.dir");
  return {
    to,
    subject,
    text: `${intro}\n\n${code}\n\n${expiry}\n${ignore}\n`,
    html: `<div dir="${dir}" style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(intro)}</p><p style="font-size:28px;letter-spacing:6px;font-weight:700">${escapeHtml(code)}</p><p>${escapeHtml(expiry)}</p><p style="color:#666">${escapeHtml(ignore)}</p></div>`,
  };
}

export async function sendSignInCodeEmail(input: { to: string; code: string; language: string; minutes: number }) {
  await sendEmail(signInCodeEmail(input));
}
