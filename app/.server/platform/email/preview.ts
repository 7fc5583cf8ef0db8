// Every template with sample data, for the development preview at /dev/emails (app/routes/dev-emails.tsx), which
// answers 404 outside development. Loaded by that route only, never at start.
import type { Language } from "~/lib/i18n";
import { renderEmail } from "./render";
import { changeEmailCodeEmail, deleteAccountCodeEmail, signInCodeEmail } from "./templates/code-email";
import { emailChangedEmail } from "./templates/email-changed";
import { invitationEmail } from "./templates/invitation";
import { secondFactorResetEmail } from "./templates/second-factor-reset";
import type { EmailContent } from "./templates/types";
import { welcomeEmail } from "./templates/welcome";

const origin = {
  userAgent:
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15",
  at: new Date(Date.UTC(2026, 10, 23, 15, 20)),
};
const to = "ada@example.com";

const samples: Record<string, (language: Language) => EmailContent> = {
  "sign-in-code": (language) => signInCodeEmail({ to, code: "042917", language, minutes: 10, origin }),
  invitation: (language) =>
    invitationEmail({
      to,
      invitationId: "inv_sample",
      organizationName: "Acme",
      inviterName: "Grace Hopper",
      inviterEmail: "grace@example.com",
      role: "admin",
      expiresAt: new Date(Date.UTC(2026, 10, 30, 15, 20)),
      language,
      origin,
    }),
  welcome: (language) => welcomeEmail({ to, name: "Ada Lovelace", language }),
  "change-email-code": (language) => changeEmailCodeEmail({ to, code: "318204", language, minutes: 10, origin }),
  "email-changed": (language) => emailChangedEmail({ to, newEmail: "ada@new.example.com", language, origin }),
  "second-factor-reset": (language) => secondFactorResetEmail({ to, language }),
  "delete-account-code": (language) => deleteAccountCodeEmail({ to, code: "775031", language, minutes: 10, origin }),
};

export const previewTemplates = Object.keys(samples);

/** One template rendered in one language, or null for a name that is not a template. */
export async function previewEmail(template: string, language: Language) {
  if (!Object.hasOwn(samples, template)) return null;
  const { subject, html, text } = await renderEmail(samples[template]!(language));
  return { template, language, subject, html, text };
}
