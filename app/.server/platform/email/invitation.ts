// The invitation e-mail (app/.server/features/invitations.ts), in the language the inviter chose for it: who invites
// whom to which organization with which role, the link to answer it, and when it ends. We send it ourselves, not
// better-auth's `sendInvitationEmail`, so that it speaks the invitee's language (docs/architecture.md, "Invitations").
import { translator } from "../../../lib/dictionaries";
import { formatters } from "../../../lib/format";
import { defaultLanguage, isLanguage } from "../../../lib/i18n";
import { getEnv } from "../env";
import { sendEmail } from "./transport";

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

export type InvitationEmailInput = {
  to: string;
  invitationId: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  expiresAt: Date;
  language: string;
};

export function invitationEmail(input: InvitationEmailInput) {
  const language = isLanguage(input.language) ? input.language : defaultLanguage;
  const t = translator(language);
  const link = `${getEnv().APP_URL}/invitations/${encodeURIComponent(input.invitationId)}`;
  const roleNames = {
    owner: t("organizations.roles.owner"),
    admin: t("organizations.roles.admin"),
    member: t("organizations.roles.member"),
  };
  const role = input.role
    .split(",")
    .map((name) => name.trim())
    .map((name) => (Object.hasOwn(roleNames, name) ? roleNames[name as keyof typeof roleNames] : name))
    .join(", ");
  const inviter = input.inviterName || input.inviterEmail;
  const organization = input.organizationName;
  const subject = t("email.invitation.subject", { inviter, organization });
  const intro = t("email.invitation.intro", { inviter, email: input.inviterEmail, organization, role });
  const open = t("email.invitation.open");
  const expiry = t("email.invitation.expiry", { date: formatters(language).dateTime(input.expiresAt) });
  const signIn = t("email.invitation.signIn", { email: input.to });
  const ignore = t("email.invitation.ignore");
  const dir = t("meta.dir");
  return {
    to: input.to,
    subject,
    text: `${intro}\n\n${open}\n${link}\n\n${expiry}\n\n${signIn}\n\n${ignore}\n`,
    html: `<div dir="${dir}" style="font-family:system-ui,sans-serif;line-height:1.5"><p>${escapeHtml(intro)}</p><p>${escapeHtml(open)}<br><a href="${escapeHtml(link)}" dir="ltr">${escapeHtml(link)}</a></p><p>${escapeHtml(expiry)}</p><p>${escapeHtml(signIn)}</p><p style="color:#666">${escapeHtml(ignore)}</p></div>`,
  };
}

export async function sendInvitationEmail(input: InvitationEmailInput) {
  await sendEmail(invitationEmail(input));
}
