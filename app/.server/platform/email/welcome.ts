import { translator } from "../../../lib/dictionaries";
import { getEnv } from "../env";
import { sendEmail } from "./transport";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The e-mail a person gets when an admin creates their account, in the language the admin chose: where to sign in,
 * the address to type there, and that a 6-digit code will come by e-mail (no password).
 */
export function welcomeEmail({ to, name, language }: { to: string; name: string; language: string }) {
  const t = translator(language);
  const signInUrl = `${getEnv().APP_URL}/login`;
  const subject = t("email.welcome.subject");
  const greeting = t("email.welcome.greeting", { name });
  const intro = t("email.welcome.intro");
  const howTo = t("email.welcome.howTo");
  const address = t("email.welcome.address");
  const code = t("email.welcome.code");
  const dir = t("meta.dir");
  return {
    to,
    subject,
    text: `${greeting}\n\n${intro}\n\n${howTo}\n${signInUrl}\n\n${address}\n${to}\n\n${code}\n`,
    html: `<div dir="${dir}" style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(greeting)}</p><p>${escapeHtml(intro)}</p><p>${escapeHtml(howTo)}<br><a href="${escapeHtml(signInUrl)}" dir="ltr">${escapeHtml(signInUrl)}</a></p><p>${escapeHtml(address)}<br><strong dir="ltr">${escapeHtml(to)}</strong></p><p>${escapeHtml(code)}</p></div>`,
  };
}

export async function sendWelcomeEmail(input: { to: string; name: string; language: string }) {
  await sendEmail(welcomeEmail(input));
}
