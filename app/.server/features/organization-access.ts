// What other server features ask of the organizations (ADR 045: app/.server/features never imports a feature folder):
// the organizations a user is the only owner of (the account's own deletion, and the manager's, app/features/users/),
// whether an invitation lets an address make an account (sign-in), and the invitation e-mail's job, which
// background-jobs.ts runs. The organizations' own rules are in app/features/organizations/.
import { and, eq, gt, inArray, or, sql } from "drizzle-orm";

import { organizationColumns, type OrganizationSummary } from "~/.server/platform/auth/membership";
import { db } from "~/.server/platform/db/client";
import { invitation, member, organization, user } from "~/.server/platform/db/schema";
import { sendInvitationEmail } from "~/.server/platform/email/invitation";
import { getEnv } from "~/.server/platform/env";
import type { JobKind } from "~/.server/platform/jobs/queue";
import { defaultLanguage } from "~/lib/i18n";

/**
 * The organizations a user is the only owner of: what stops their account from being deleted (account.ts and
 * app/features/users/user-admin.server.ts name them in the refusal).
 */
export async function soleOwnedOrganizations(userId: string): Promise<OrganizationSummary[]> {
  const owned = await db
    .select(organizationColumns)
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.userId, userId), sql`',' || replace(${member.role}, ' ', '') || ',' like '%,owner,%'`));
  if (owned.length === 0) return [];
  const others = await db
    .select({ organizationId: member.organizationId })
    .from(member)
    .where(
      and(
        inArray(
          member.organizationId,
          owned.map((row) => row.id),
        ),
        sql`${member.userId} <> ${userId}`,
        sql`',' || replace(${member.role}, ' ', '') || ',' like '%,owner,%'`,
      ),
    );
  const shared = new Set(others.map((row) => row.organizationId));
  return owned.filter((row) => !shared.has(row.id));
}

/** The inviter's name and address, for the e-mail. */
async function inviterOf(userId: string) {
  const [row] = await db.select({ name: user.name, email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row ?? { name: "", email: "" };
}

/**
 * The invitation e-mail, in the language chosen for it, retried for some six hours (ADR 046). Its facts are read when
 * it is sent: an invitation answered, cancelled or ended since is not sent.
 */
export const invitationEmailJob: JobKind<{
  invitationId: string;
  inviterId?: string;
  userAgent?: string | null;
  at?: number;
}> = {
  name: "email.invitation",
  maxAttempts: 15,
  backoffMs: 10_000,
  async run({ invitationId, inviterId, userAgent = null, at }) {
    const [row] = await db
      .select({
        email: invitation.email,
        role: invitation.role,
        status: invitation.status,
        expiresAt: invitation.expiresAt,
        createdAt: invitation.createdAt,
        language: invitation.language,
        inviterId: invitation.inviterId,
        organizationName: organization.name,
      })
      .from(invitation)
      .innerJoin(organization, eq(organization.id, invitation.organizationId))
      .where(eq(invitation.id, invitationId))
      .limit(1);
    if (!row || row.status !== "pending" || row.expiresAt <= new Date()) return;
    const inviter = await inviterOf(inviterId ?? row.inviterId);
    await sendInvitationEmail({
      to: row.email,
      invitationId,
      organizationName: row.organizationName,
      inviterName: inviter.name,
      inviterEmail: inviter.email,
      role: row.role ?? "member",
      expiresAt: row.expiresAt,
      language: row.language ?? defaultLanguage,
      origin: { userAgent, at: new Date(at ?? row.createdAt.getTime()) },
    });
  },
};

/**
 * Whether an address has an invitation it can still accept that lets it make an account while sign-up is closed
 * (sign-in.ts): one sent by a user who is an administrator now (`isAdmin`: the admin role among
 * their roles, or ADMIN_USER_IDS), or any one when INVITATIONS_OPEN_SIGN_UP says so. Any user can create an
 * organization and invite, so otherwise closing sign-up would close nothing (ADR 018).
 */
export async function invitationOpensSignUp(email: string, now = new Date()): Promise<boolean> {
  const env = getEnv();
  const byAdministrator = or(
    sql`',' || replace(coalesce(${user.role}, 'user'), ' ', '') || ',' like '%,admin,%'`,
    env.ADMIN_USER_IDS.length > 0 ? inArray(user.id, env.ADMIN_USER_IDS) : undefined,
  );
  const [row] = await db
    .select({ id: invitation.id })
    .from(invitation)
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.email, email),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
        env.INVITATIONS_OPEN_SIGN_UP ? undefined : byAdministrator,
      ),
    )
    .limit(1);
  return Boolean(row);
}
