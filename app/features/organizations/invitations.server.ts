// Invitations to an organization (docs/architecture.md, "Invitations"): listed from the table, written through
// better-auth's organization plugin with the caller's headers, e-mailed by us in the invitee's language.
// better-auth keeps its own rules (only the recipient answers; no second pending invitation for one address; an admin
// cannot invite an owner); we add the ones it lacks: pending invitations count towards the member limit, the
// organizations-per-user limit holds at acceptance too, an invitation whose inviter has left is no longer honoured.
import { and, count, desc, eq, gt, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";

import { invitationEmailJob } from "~/.server/features/organization-access";
import { auth, signUpEnabled } from "~/.server/platform/auth/auth";
import type { Membership } from "~/.server/platform/auth/membership";
import { isAdmin } from "~/.server/platform/auth/permissions";
import { db } from "~/.server/platform/db/client";
import { isUniqueViolation } from "~/.server/platform/db/errors";
import { invitation, job, member, organization, user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { runExclusive } from "~/.server/platform/exclusive";
import { databaseNow, wakeJobs } from "~/.server/platform/jobs/queue";
import { consumeAll, rateLimits } from "~/.server/platform/security/rate-limit";
import { recordAudit, type AuditEntry } from "~/features/audit/audit.server";
import { defaultLanguage } from "~/lib/i18n";
import type { InvitationInput } from "./entity";
import {
  attempt,
  organizationCounts,
  refusal,
  type OrganizationCaller,
  type OrganizationRefusal,
  type OrganizationResult,
} from "./organizations.server";

/** better-auth's statuses, and "expired": a pending invitation past its end, which nobody can answer any more. */
type InvitationStatus = "pending" | "expired" | "accepted" | "rejected" | "canceled";

export type InvitationView = {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  expiresAt: Date;
  createdAt: Date;
  inviterName: string | null;
  inviterEmail: string | null;
};

/** The invitations page shows this many, newest first (at most MEMBERS_PER_ORGANIZATION of them are pending). */
export const INVITATION_LIST_LIMIT = 100;

/** Ids are better-auth's (32 characters); anything much longer is not one, and is not looked up. */
const ID_MAX = 200;

function statusOf(row: { status: string; expiresAt: Date }, now = Date.now()): InvitationStatus {
  if (row.status === "pending") return row.expiresAt.getTime() <= now ? "expired" : "pending";
  if (row.status === "accepted" || row.status === "rejected" || row.status === "canceled") return row.status;
  return "canceled";
}

/** An organization's invitations, newest first, with who sent each. */
export async function listInvitations(
  organizationId: string,
  { limit = INVITATION_LIST_LIMIT }: { limit?: number } = {},
): Promise<InvitationView[]> {
  const rows = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      createdAt: invitation.createdAt,
      inviterName: user.name,
      inviterEmail: user.email,
    })
    .from(invitation)
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(eq(invitation.organizationId, organizationId))
    .orderBy(desc(invitation.createdAt), desc(invitation.id))
    .limit(limit);
  const now = Date.now();
  return rows.map((row) => ({ ...row, role: row.role ?? "member", status: statusOf(row, now) }));
}

/** One invitation of this organization, as stored; null when it is another organization's or does not exist. */
async function findInvitation(organizationId: string, invitationId: string) {
  if (invitationId.length === 0 || invitationId.length > ID_MAX) return null;
  const [row] = await db
    .select()
    .from(invitation)
    .where(and(eq(invitation.id, invitationId), eq(invitation.organizationId, organizationId)))
    .limit(1);
  return row ?? null;
}

/** Members and pending invitations together: what MEMBERS_PER_ORGANIZATION bounds. */
async function seatsTaken(organizationId: string): Promise<number> {
  const [pending] = await db
    .select({ value: count() })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    );
  return (await organizationCounts(organizationId)).members + (pending?.value ?? 0);
}

/**
 * better-auth's refusal for an address that is a member or invited already, which says more than "the organization is
 * full" when both hold; null otherwise. (better-auth makes the same checks, but only after our limit.)
 */
async function alreadyThere(organizationId: string, email: string) {
  const address = email.toLowerCase();
  const [asMember] = await db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(user.email, address)))
    .limit(1);
  if (asMember) return "USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION";
  const [invited] = await db
    .select({ id: invitation.id })
    .from(invitation)
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.email, address),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .limit(1);
  return invited ? "USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION" : null;
}

const invitationTarget = (row: { id: string; email: string }) => ({ type: "invitation", id: row.id, label: row.email });

async function record(caller: OrganizationCaller, entry: AuditEntry) {
  await recordAudit(caller.actor, entry);
}

/**
 * The e-mail budget of an invitation: the inviter's for the day, and the recipient address's for the day. A refusal
 * is `RATE_LIMITED`, with the seconds to wait.
 */
async function emailBudget(caller: OrganizationCaller, email: string): Promise<OrganizationRefusal | null> {
  const limited = await consumeAll([
    [`invitation-email:by-day:${caller.userId}`, rateLimits.invitationEmailPerUserDaily],
    [`invitation-email:to-day:${email.toLowerCase()}`, rateLimits.invitationEmailPerAddressDaily],
  ]);
  return limited.allowed ? null : { ok: false, code: "RATE_LIMITED", retryAfterSeconds: limited.retryAfterSeconds };
}

/** Invitations of one organization are written one at a time, so two cannot both take its last seat. */
const seatsLock = <T>(organizationId: string, work: () => Promise<T>) =>
  runExclusive(`organization-seats:${organizationId}`, work);

type Created = { id: string; email: string; role: string; expiresAt: Date };

/** better-auth's createInvitation, with our language field; a resend of a pending one moves its end. */
async function createInvitation(
  scope: Membership,
  body: { email: string; role: string; language: string; resend?: boolean },
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ invitation: Created }>> {
  const created = await attempt(
    () =>
      auth.api.createInvitation({
        headers: caller.headers,
        body: {
          email: body.email,
          role: body.role as "member",
          organizationId: scope.organization.id,
          language: body.language,
          ...(body.resend ? { resend: true } : {}),
        },
      }) as Promise<Created>,
  );
  if (!created.ok) return created;
  const { id, email, role, expiresAt } = created.value;
  return { ok: true, invitation: { id, email, role, expiresAt: new Date(expiresAt) } };
}

/**
 * The invitation's e-mail, which the database queued with the row (drizzle/0013_jobs.sql), gets who sent it from which
 * browser, and goes now instead of in 5 s. A resend names who resent it.
 */
async function releaseEmail(created: Created, caller: OrganizationCaller) {
  const details = sql`json_set(${job.payload}, '$.inviterId', ${caller.userId},
    '$.userAgent', ${caller.headers.get("user-agent")}, '$.at', ${Date.now()})`;
  await db
    .update(job)
    .set({ payload: details, runAt: databaseNow })
    .where(
      and(
        eq(job.kind, invitationEmailJob.name),
        eq(job.state, "queued"),
        eq(job.attempts, 0),
        sql`json_extract(${job.payload}, '$.invitationId') = ${created.id}`,
      ),
    );
  wakeJobs();
}

/**
 * Invites an address, with a role and the language of its e-mail. Refused when the organization's members and
 * pending invitations already fill MEMBERS_PER_ORGANIZATION (`ORGANIZATION_MEMBERSHIP_LIMIT_REACHED`); better-auth
 * refuses a member (`USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION`), an address already invited
 * (`USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION`) and an owner invited by a non-owner
 * (`YOU_ARE_NOT_ALLOWED_TO_INVITE_USER_WITH_THIS_ROLE`).
 */
export function inviteMember(
  scope: Membership,
  input: InvitationInput,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ invitation: { id: string; email: string } }>> {
  return seatsLock(scope.organization.id, async () => {
    if ((await seatsTaken(scope.organization.id)) >= getEnv().MEMBERS_PER_ORGANIZATION)
      return refusal(
        (await alreadyThere(scope.organization.id, input.email)) ?? "ORGANIZATION_MEMBERSHIP_LIMIT_REACHED",
      );
    const limited = await emailBudget(caller, input.email);
    if (limited) return limited;
    const created = await createInvitation(scope, input, caller);
    if (!created.ok) return created;
    await releaseEmail(created.invitation, caller);
    await record(caller, {
      action: "invitation.sent",
      target: invitationTarget(created.invitation),
      details: { organization: scope.organization.slug, role: created.invitation.role, language: input.language },
    });
    return { ok: true, invitation: { id: created.invitation.id, email: created.invitation.email } };
  });
}

/**
 * Sends a pending invitation again, in the language it was first sent in, and gives it a new end. An expired one is
 * renewed the same way, but better-auth no longer counts it as pending: it makes a new invitation (a new link, one
 * more seat taken), and the old one stays expired.
 */
export function resendInvitation(
  scope: Membership,
  invitationId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ invitation: { id: string; email: string } }>> {
  return seatsLock(scope.organization.id, async () => {
    const current = await findInvitation(scope.organization.id, invitationId);
    if (!current || current.status !== "pending") return refusal("INVITATION_NOT_FOUND");
    const expired = statusOf(current) === "expired";
    if (expired && (await seatsTaken(scope.organization.id)) >= getEnv().MEMBERS_PER_ORGANIZATION)
      return refusal("ORGANIZATION_MEMBERSHIP_LIMIT_REACHED");
    const language = current.language ?? defaultLanguage;
    const limited = await emailBudget(caller, current.email);
    if (limited) return limited;
    const created = await createInvitation(
      scope,
      { email: current.email, role: current.role ?? "member", language, resend: true },
      caller,
    );
    if (!created.ok) return created;
    await releaseEmail(created.invitation, caller);
    await record(caller, {
      action: "invitation.sent",
      target: invitationTarget(created.invitation),
      details: {
        organization: scope.organization.slug,
        role: created.invitation.role,
        language,
        resend: true,
        ...(created.invitation.id === current.id ? {} : { renews: current.id }),
      },
    });
    return { ok: true, invitation: { id: created.invitation.id, email: created.invitation.email } };
  });
}

/** Cancels a pending (or expired) invitation of this organization; its link then says so. */
export async function cancelInvitation(
  scope: Membership,
  invitationId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ invitation: { id: string; email: string } }>> {
  const current = await findInvitation(scope.organization.id, invitationId);
  // better-auth would cancel an answered invitation too: only a pending one can be taken back.
  if (!current || current.status !== "pending") return refusal("INVITATION_NOT_FOUND");
  const cancelled = await attempt(() => auth.api.cancelInvitation({ headers: caller.headers, body: { invitationId } }));
  if (!cancelled.ok) return cancelled;
  await record(caller, {
    action: "invitation.cancelled",
    target: invitationTarget(current),
    details: { organization: scope.organization.slug },
  });
  return { ok: true, invitation: { id: current.id, email: current.email } };
}

export type RecipientInvitation = {
  id: string;
  email: string;
  role: string;
  status: InvitationStatus;
  expiresAt: Date;
  organization: { id: string; name: string; slug: string };
  inviter: { name: string; email: string };
  /** False when the inviter has left the organization (or was removed) since: the invitation is no longer honoured. */
  inviterIsMember: boolean;
};

const inviterMember = alias(member, "inviter_member");

/** An invitation as its recipient's page shows it: the organization, who sent it, the role, its state and end. */
export async function getInvitationForRecipient(invitationId: string): Promise<RecipientInvitation | null> {
  if (invitationId.length === 0 || invitationId.length > ID_MAX) return null;
  const [row] = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      status: invitation.status,
      expiresAt: invitation.expiresAt,
      organizationId: organization.id,
      organizationName: organization.name,
      organizationSlug: organization.slug,
      inviterName: user.name,
      inviterEmail: user.email,
      inviterMemberId: inviterMember.id,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(user, eq(user.id, invitation.inviterId))
    .leftJoin(
      inviterMember,
      and(eq(inviterMember.organizationId, invitation.organizationId), eq(inviterMember.userId, invitation.inviterId)),
    )
    .where(eq(invitation.id, invitationId))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    email: row.email,
    role: row.role ?? "member",
    status: statusOf(row),
    expiresAt: row.expiresAt,
    organization: { id: row.organizationId, name: row.organizationName, slug: row.organizationSlug },
    inviter: { name: row.inviterName, email: row.inviterEmail },
    inviterIsMember: row.inviterMemberId !== null,
  };
}

/** Whether `email` (a signed-in user's) is the address the invitation was sent to. better-auth compares the same way. */
export function isRecipient(found: Pick<RecipientInvitation, "email">, email: string): boolean {
  return found.email.toLowerCase() === email.toLowerCase();
}

async function emailOf(userId: string): Promise<string | null> {
  const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  return row?.email ?? null;
}

/**
 * What stops the caller from answering: not the recipient (nothing about the invitation is said then), or it can no
 * longer be answered (`INVITATION_NOT_FOUND`, better-auth's word for expired, cancelled and answered ones too).
 */
async function answerable(
  invitationId: string,
  caller: OrganizationCaller,
  action: "invitation.accepted" | "invitation.declined",
): Promise<OrganizationResult<{ found: RecipientInvitation }>> {
  const found = await getInvitationForRecipient(invitationId);
  if (!found) return refusal("INVITATION_NOT_FOUND");
  const email = await emailOf(caller.userId);
  if (!email || !isRecipient(found, email)) {
    await record(caller, {
      action,
      outcome: "refused",
      reason: "not-recipient",
      target: invitationTarget(found),
      details: { organization: found.organization.slug },
    });
    return refusal("YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION");
  }
  if (found.status !== "pending") return refusal("INVITATION_NOT_FOUND");
  return { ok: true, found };
}

async function isMember(organizationId: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
    .limit(1);
  return Boolean(row);
}

async function organizationsOf(userId: string): Promise<number> {
  const [row] = await db.select({ value: count() }).from(member).where(eq(member.userId, userId));
  return row?.value ?? 0;
}

/**
 * The recipient accepts: they become a member with the invitation's role, and the organization becomes their active
 * one. Refused for anyone else (`YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION`, nothing changes), past
 * ORGANIZATIONS_PER_USER (`YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS`, which better-auth checks only when
 * an organization is created), when the inviter is no longer a member (`INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_
 * ORGANIZATION`: an invitation is a member's word, and better-auth's own get-invitation stops honouring it then), and
 * when the organization is full (`ORGANIZATION_MEMBERSHIP_LIMIT_REACHED`, better-auth's check). better-auth marks the
 * invitation accepted only if it is still pending, so a second acceptance finds it answered; the unique index on
 * (organization, user) refuses a second membership whatever the path.
 */
export function acceptInvitation(
  invitationId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: { id: string; name: string; slug: string } }>> {
  // One acceptance at a time per person, so two invitations cannot both take their last organization place.
  return runExclusive(`user-organizations:${caller.userId}`, async () => {
    const checked = await answerable(invitationId, caller, "invitation.accepted");
    if (!checked.ok) return checked;
    // And in the organization's seats turn: better-auth marks the invitation accepted before it adds the member, and
    // an invitation sent in between would find a seat free (rules-across-replicas.test.ts).
    return seatsLock(checked.found.organization.id, () => acceptAnswerable(invitationId, checked.found, caller));
  });
}

async function acceptAnswerable(
  invitationId: string,
  found: RecipientInvitation,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: { id: string; name: string; slug: string } }>> {
  if (await isMember(found.organization.id, caller.userId))
    return refusal("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
  if ((await organizationsOf(caller.userId)) >= getEnv().ORGANIZATIONS_PER_USER)
    return refusal("YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS");
  if (!found.inviterIsMember) return refusal("INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION");
  let accepted;
  try {
    accepted = await attempt(() => auth.api.acceptInvitation({ headers: caller.headers, body: { invitationId } }));
  } catch (error) {
    // better-auth puts the invitation back to pending when the membership cannot be written.
    if (isUniqueViolation(error, "member.organization_id, member.user_id"))
      return refusal("USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION");
    throw error;
  }
  if (!accepted.ok) return accepted;
  const details = { organization: found.organization.slug };
  await record(caller, { action: "invitation.accepted", target: invitationTarget(found), details });
  await record(caller, {
    action: "member.added",
    target: { type: "user", id: caller.userId, label: found.email },
    details: { ...details, role: found.role, invitation: found.id },
  });
  return { ok: true, organization: found.organization };
}

/** The recipient declines; the invitation's link then says so. Anyone else changes nothing. */
export async function declineInvitation(
  invitationId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: { id: string; name: string; slug: string } }>> {
  const checked = await answerable(invitationId, caller, "invitation.declined");
  if (!checked.ok) return checked;
  const declined = await attempt(() => auth.api.rejectInvitation({ headers: caller.headers, body: { invitationId } }));
  if (!declined.ok) return declined;
  await record(caller, {
    action: "invitation.declined",
    target: invitationTarget(checked.found),
    details: { organization: checked.found.organization.slug },
  });
  return { ok: true, organization: checked.found.organization };
}

/**
 * Whether an invitation from `inviter` can bring in an address that has no account yet: sign-up is open, the inviter
 * is an administrator, or INVITATIONS_OPEN_SIGN_UP. When not, the invitations page says so for every address alike,
 * so that it tells the inviter nothing about who has an account (ADR 018).
 */
export function invitationsBringNewcomers(inviter: { id: string; role?: string | null }): boolean {
  const env = getEnv();
  return signUpEnabled || env.INVITATIONS_OPEN_SIGN_UP || isAdmin(inviter, env.ADMIN_USER_IDS);
}
