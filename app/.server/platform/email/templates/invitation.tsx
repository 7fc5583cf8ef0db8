// The invitation (app/features/organizations/invitations.server.ts), in the language the inviter chose for it: who invites whom
// to which organization with which role, from which browser and when, the link to answer it, and when it ends. We
// send it ourselves, not better-auth's `sendInvitationEmail` (docs/architecture.md, "Invitations").
import { getEnv } from "~/.server/platform/env";
import { translator } from "~/lib/dictionaries";
import { formatters } from "~/lib/format";
import { brandedEmail, emailLanguage, FullLink, originOf, Paragraph, type RequestOrigin } from "./layout";
import type { EmailContent } from "./types";

export type InvitationEmailInput = {
  to: string;
  invitationId: string;
  organizationName: string;
  inviterName: string;
  inviterEmail: string;
  role: string;
  expiresAt: Date;
  language: string;
  origin: RequestOrigin;
};

export function invitationEmail(input: InvitationEmailInput): EmailContent {
  const language = emailLanguage(input.language);
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
  const date = formatters(language).dateTime(input.expiresAt);
  const subject = t("email.invitation.subject", { inviter, organization });
  return brandedEmail(
    { to: input.to, subject, language, preheader: t("email.invitation.preheader", { organization, role, date }) },
    <>
      <Paragraph>{t("email.invitation.intro", { inviter, email: input.inviterEmail, organization, role })}</Paragraph>
      <Paragraph>
        {t("email.invitation.open")}
        <br />
        <FullLink href={link} />
      </Paragraph>
      <Paragraph>{t("email.invitation.expiry", { date })}</Paragraph>
      <Paragraph>{t("email.invitation.signIn", { email: input.to })}</Paragraph>
      <Paragraph muted>{t("email.origin.invited", { inviter, ...originOf(input.origin, language) })}</Paragraph>
      <Paragraph muted>{t("email.invitation.ignore")}</Paragraph>
    </>,
  );
}
