// Organizations, their members and their teams, for the people in them (docs/architecture.md, "Organizations").
// Reads go to the tables; every change goes through better-auth's organization plugin, called in-process with the
// caller's headers, after the route's scope guard (app/.server/web/organization-scope.ts) has checked the role.
// better-auth checks the role again, and keeps its own rules (the last owner, the last team, the limits); we add
// what it lacks (a team name used twice, a race on a slug) and record each change on the audit trail.
import { isAPIError } from "better-auth/api";
import { and, asc, count, eq, gt, inArray, or, sql } from "drizzle-orm";

import { auth } from "~/.server/platform/auth/auth";
import { organizationColumns, type Membership, type OrganizationSummary } from "~/.server/platform/auth/membership";
import { db } from "~/.server/platform/db/client";
import { isLastOwnerRefusal, isUniqueViolation } from "~/.server/platform/db/errors";
import { decodeCursorValues, keysetPage } from "~/.server/platform/db/keyset";
import { member, organization, session as sessionTable, team, teamMember, user } from "~/.server/platform/db/schema";
import { getEnv } from "~/.server/platform/env";
import { runExclusive } from "~/.server/platform/exclusive";
import { removePictureAt } from "~/.server/platform/storage/picture-store";
import { recordAudit, type AuditAction, type AuditActor } from "~/features/audit/audit.server";
import type { MemberRole, OrganizationInput } from "./entity";

/** Who acts: their id, their request's headers (better-auth reads the session from them), and the audit actor. */
export type OrganizationCaller = { userId: string; headers: Headers; actor: AuditActor };

/**
 * A refusal, as a code: better-auth's (translated by `authErrorKey`), or one of ours that uses the same words
 * (`TEAM_ALREADY_EXISTS`, `ORGANIZATION_ALREADY_EXISTS` under a race).
 */
/** `RATE_LIMITED` (ours) comes with the seconds to wait. */
export type OrganizationRefusal = { ok: false; code: string; retryAfterSeconds?: number };
export type OrganizationResult<T = object> = ({ ok: true } & T) | OrganizationRefusal;

export const refusal = (code: string): OrganizationRefusal => ({ ok: false, code });

/** better-auth's refusal as a plain result; anything else is a bug, and is thrown. */
function refusalOf(error: unknown): OrganizationRefusal {
  // The database keeps an owner in every organization (drizzle/0012_last-owner.sql): a change that raced another
  // past better-auth's own check of it is refused there, as better-auth refuses it.
  if (isLastOwnerRefusal(error)) return refusal("YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER");
  if (!isAPIError(error)) throw error;
  const body = error.body as { code?: string; message?: string } | undefined;
  // A few of its refusals carry the code only at the start of the message ("ROLE_NOT_FOUND: x").
  return refusal(body?.code ?? body?.message?.match(/^[A-Z_]+/)?.[0] ?? "UNKNOWN_ERROR");
}

/** Runs a better-auth call, turning its refusal into a result. */
export async function attempt<T>(call: () => Promise<T>): Promise<OrganizationResult<{ value: T }>> {
  try {
    return { ok: true, value: await call() };
  } catch (error) {
    return refusalOf(error);
  }
}

export type MyOrganization = OrganizationSummary & { role: string; members: number };

/** The organizations a user belongs to, by name, with their role and the number of members. */
export async function listMyOrganizations(userId: string): Promise<MyOrganization[]> {
  const mine = await db
    .select({ ...organizationColumns, role: member.role })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(sql`${organization.name} collate nocase`, asc(organization.id));
  if (mine.length === 0) return [];
  const counts = await db
    .select({ organizationId: member.organizationId, members: count() })
    .from(member)
    .where(
      inArray(
        member.organizationId,
        mine.map((row) => row.id),
      ),
    )
    .groupBy(member.organizationId);
  const membersOf = new Map(counts.map((row) => [row.organizationId, row.members]));
  return mine.map((row) => ({ ...row, members: membersOf.get(row.id) ?? 0 }));
}

/** The organizations the switcher offers: a user's, by name (id, name and slug only; read on every /app page). */
export async function organizationChoices(
  userId: string,
): Promise<Array<{ id: string; name: string; slug: string; logo: string | null }>> {
  return db
    .select({ id: organization.id, name: organization.name, slug: organization.slug, logo: organization.logo })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(sql`${organization.name} collate nocase`, asc(organization.id))
    .limit(getEnv().ORGANIZATIONS_PER_USER);
}

/**
 * The organization a session works in: its own while the user still belongs to it, else the first of theirs (by the
 * switcher's order), which the session then keeps. A membership added after sign-in (an invitation accepted in
 * another browser, an admin's addition) or an active organization left would otherwise show "no organization" while
 * the person belongs to some. Null only when they belong to none.
 */
export async function settleActiveOrganization(
  sessionId: string,
  activeOrganizationId: string | null | undefined,
  choices: ReadonlyArray<{ id: string }>,
): Promise<string | null> {
  if (activeOrganizationId && choices.some((choice) => choice.id === activeOrganizationId)) return activeOrganizationId;
  const first = choices[0]?.id ?? null;
  if (first !== (activeOrganizationId ?? null))
    await db
      .update(sessionTable)
      .set({ activeOrganizationId: first, activeTeamId: null })
      .where(eq(sessionTable.id, sessionId));
  return first;
}

/** The organization the switcher shows as active: the session's, if the user still belongs to it. */
export async function activeOrganizationOf(
  userId: string,
  activeOrganizationId: string | null | undefined,
): Promise<string | null> {
  if (!activeOrganizationId) return null;
  const [row] = await db
    .select({ id: member.organizationId })
    .from(member)
    .where(and(eq(member.userId, userId), eq(member.organizationId, activeOrganizationId)))
    .limit(1);
  return row?.id ?? null;
}

const organizationTarget = (summary: Pick<OrganizationSummary, "id" | "slug">) => ({
  type: "organization",
  id: summary.id,
  label: summary.slug,
});

async function record(
  caller: OrganizationCaller,
  action: AuditAction,
  target: { type: string; id: string; label?: string | null },
  details?: Record<string, string | number | boolean | null>,
) {
  await recordAudit(caller.actor, { action, target, details });
}

/**
 * Creates an organization; its creator is its owner, and it becomes their active one. better-auth refuses past
 * ORGANIZATIONS_PER_USER and a slug in use; two creates of one slug racing meet the unique index instead. Its count
 * and its insert are one turn per user, in every process: the turn an invitation's acceptance takes
 * (`user-organizations:<id>`, invitations.server.ts), so that neither passes the limit with the other.
 */
export function createOrganization(
  input: OrganizationInput,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: OrganizationSummary }>> {
  return runExclusive(`user-organizations:${caller.userId}`, () => insertOrganization(input, caller));
}

async function insertOrganization(
  input: OrganizationInput,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: OrganizationSummary }>> {
  let created;
  try {
    created = await auth.api.createOrganization({ headers: caller.headers, body: input });
  } catch (error) {
    if (isUniqueViolation(error, "organization.slug")) return refusal("ORGANIZATION_ALREADY_EXISTS");
    return refusalOf(error);
  }
  if (!created) return refusal("UNKNOWN_ERROR");
  const summary = { id: created.id, name: created.name, slug: created.slug, createdAt: created.createdAt };
  await record(caller, "organization.created", organizationTarget(summary), { name: summary.name });
  return { ok: true, organization: summary };
}

/** Renames an organization, or moves it to another slug. */
export async function updateOrganization(
  scope: Membership,
  input: OrganizationInput,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ organization: OrganizationSummary }>> {
  const { organization: current } = scope;
  const data = {
    ...(input.name === current.name ? {} : { name: input.name }),
    ...(input.slug === current.slug ? {} : { slug: input.slug }),
  };
  if (Object.keys(data).length === 0) return { ok: true, organization: current };
  let updated;
  try {
    updated = await auth.api.updateOrganization({
      headers: caller.headers,
      body: { organizationId: current.id, data },
    });
  } catch (error) {
    if (isUniqueViolation(error, "organization.slug")) return refusal("ORGANIZATION_SLUG_ALREADY_TAKEN");
    return refusalOf(error);
  }
  if (!updated) return refusal("ORGANIZATION_NOT_FOUND");
  const summary = { ...current, name: updated.name, slug: updated.slug };
  await record(caller, "organization.updated", organizationTarget(summary), {
    ...(data.name ? { name: data.name, previousName: current.name } : {}),
    ...(data.slug ? { slug: data.slug, previousSlug: current.slug } : {}),
  });
  return { ok: true, organization: summary };
}

/**
 * Deletes an organization with its members, teams and invitations (owners only: better-auth checks it too). Not
 * through better-auth's deleteOrganization: it deletes the members before the organization, and the database refuses
 * to take an existing organization's last owner (drizzle/0012_last-owner.sql); `removeOrganization` deletes the
 * organization row and lets the foreign keys take the rest.
 */
export async function deleteOrganization(scope: Membership, caller: OrganizationCaller): Promise<OrganizationResult> {
  const allowed = await attempt(() =>
    auth.api.hasPermission({
      headers: caller.headers,
      body: { organizationId: scope.organization.id, permissions: { organization: ["delete"] } },
    }),
  );
  if (!allowed.ok) return allowed;
  if (!allowed.value.success) return refusal("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_ORGANIZATION");
  if (!(await removeOrganization(scope.organization.id))) return refusal("ORGANIZATION_NOT_FOUND");
  await record(caller, "organization.deleted", organizationTarget(scope.organization), {
    name: scope.organization.name,
  });
  return { ok: true };
}

/**
 * Deletes an organization in one libSQL batch, one transaction: the sessions that had it (or one of its teams) as
 * active let go of it, then the organization row goes, and the foreign keys take its members, invitations, teams and
 * their members with it (`ON DELETE CASCADE`, PRAGMA foreign_keys on). Either all of it happens, or nothing does.
 * Returns the organization deleted; null when there was none.
 */
export async function removeOrganization(id: string): Promise<{ id: string; name: string; slug: string } | null> {
  const teamsOfIt = db.select({ id: team.id }).from(team).where(eq(team.organizationId, id));
  const [, deleted] = await db.batch([
    db
      .update(sessionTable)
      .set({ activeOrganizationId: null, activeTeamId: null })
      .where(or(eq(sessionTable.activeOrganizationId, id), inArray(sessionTable.activeTeamId, teamsOfIt))),
    db
      .delete(organization)
      .where(eq(organization.id, id))
      .returning({ id: organization.id, name: organization.name, slug: organization.slug, logo: organization.logo }),
  ]);
  const removed = deleted[0];
  if (!removed) return null;
  // The logo goes with the organization (ADR 051).
  await removePictureAt(removed.logo);
  return { id: removed.id, name: removed.name, slug: removed.slug };
}

/** Sessions that had a deleted organization (or one their user left) as active no longer point at it. */
async function clearActiveOrganization(organizationId: string, userId?: string) {
  await db
    .update(sessionTable)
    .set({ activeOrganizationId: null, activeTeamId: null })
    .where(
      and(eq(sessionTable.activeOrganizationId, organizationId), userId ? eq(sessionTable.userId, userId) : undefined),
    );
}

/** Sets (or, with null, clears) the organization the switcher shows as active, for this session. */
export async function setActiveOrganization(
  organizationId: string | null,
  headers: Headers,
): Promise<OrganizationResult> {
  const set = await attempt(() => auth.api.setActiveOrganization({ headers, body: { organizationId } }));
  return set.ok ? { ok: true } : set;
}

/** Changes of owners run one at a time per organization, so that two cannot both leave it without one. */
const ownersLock = <T>(organizationId: string, work: () => Promise<T>) =>
  runExclusive(`organization-owners:${organizationId}`, work);

/** Leaves an organization; the only owner cannot (`YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER`). */
export async function leaveOrganization(scope: Membership, caller: OrganizationCaller): Promise<OrganizationResult> {
  return ownersLock(scope.organization.id, async () => {
    const left = await attempt(() =>
      auth.api.leaveOrganization({ headers: caller.headers, body: { organizationId: scope.organization.id } }),
    );
    if (!left.ok) return left;
    await clearActiveOrganization(scope.organization.id, caller.userId);
    await record(caller, "member.left", organizationTarget(scope.organization));
    return { ok: true };
  });
}

export type MemberView = {
  id: string;
  userId: string;
  name: string;
  email: string;
  /** Their photo's URL (ADR 051), or null. */
  image: string | null;
  role: string;
  joinedAt: Date;
};
const MEMBER_PAGE_SIZE = 50;

const memberColumns = {
  id: member.id,
  userId: member.userId,
  name: user.name,
  email: user.email,
  image: user.image,
  role: member.role,
  joinedAt: member.createdAt,
};

/** An organization's members in the order they joined, a page at a time (keyset on joined date and id). */
export async function listMembers(
  organizationId: string,
  { cursor = null, limit = MEMBER_PAGE_SIZE }: { cursor?: string | null; limit?: number } = {},
): Promise<{ items: MemberView[]; nextCursor: string | null }> {
  const after = decodeCursorValues(cursor);
  const afterKey =
    after && typeof after[0] === "number" && typeof after[1] === "string"
      ? or(
          gt(member.createdAt, new Date(after[0])),
          and(eq(member.createdAt, new Date(after[0])), gt(member.id, after[1])),
        )
      : undefined;
  const rows = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), afterKey))
    .orderBy(asc(member.createdAt), asc(member.id))
    .limit(limit + 1);
  return keysetPage(rows, limit, (row) => JSON.stringify([row.joinedAt.getTime(), row.id]));
}

/** One member of an organization, by member id; null when there is none (gone meanwhile, or another organization's). */
async function getMember(organizationId: string, memberId: string): Promise<MemberView | null> {
  const [row] = await db
    .select(memberColumns)
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)))
    .limit(1);
  return row ?? null;
}

const memberTarget = (target: MemberView) => ({ type: "user", id: target.userId, label: target.email });

/**
 * Gives a member another role. better-auth's rules hold: only an owner makes or unmakes an owner, and the last owner
 * cannot step down (`YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER`).
 */
export async function updateMemberRole(
  scope: Membership,
  memberId: string,
  role: MemberRole,
  caller: OrganizationCaller,
): Promise<OrganizationResult> {
  return ownersLock(scope.organization.id, async () => {
    const target = await getMember(scope.organization.id, memberId);
    if (!target) return refusal("MEMBER_NOT_FOUND");
    if (target.role === role) return { ok: true };
    const updated = await attempt(() =>
      auth.api.updateMemberRole({
        headers: caller.headers,
        body: { memberId, role, organizationId: scope.organization.id },
      }),
    );
    if (!updated.ok) return updated;
    await record(caller, "member.role-changed", memberTarget(target), {
      organization: scope.organization.slug,
      role,
      previousRole: target.role,
    });
    return { ok: true };
  });
}

/** Removes a member (and their team places). Nobody removes themselves here (they leave), and an owner stays. */
export async function removeMember(
  scope: Membership,
  memberId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult> {
  return ownersLock(scope.organization.id, async () => {
    const target = await getMember(scope.organization.id, memberId);
    if (!target) return refusal("MEMBER_NOT_FOUND");
    if (target.userId === caller.userId) return refusal("YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER");
    const removed = await attempt(() =>
      auth.api.removeMember({
        headers: caller.headers,
        body: { memberIdOrEmail: memberId, organizationId: scope.organization.id },
      }),
    );
    if (!removed.ok) return removed;
    await clearActiveOrganization(scope.organization.id, target.userId);
    await record(caller, "member.removed", memberTarget(target), { organization: scope.organization.slug });
    return { ok: true };
  });
}

/** How many members an organization has, and how many teams: the overview's numbers and the limits' inputs. */
export async function organizationCounts(organizationId: string) {
  const [[members], [teams]] = await Promise.all([
    db.select({ value: count() }).from(member).where(eq(member.organizationId, organizationId)),
    db.select({ value: count() }).from(team).where(eq(team.organizationId, organizationId)),
  ]);
  return { members: members?.value ?? 0, teams: teams?.value ?? 0 };
}

/** The limits in force (from the environment), for the pages to show. */
export function organizationLimits() {
  const env = getEnv();
  return {
    organizationsPerUser: env.ORGANIZATIONS_PER_USER,
    membersPerOrganization: env.MEMBERS_PER_ORGANIZATION,
    teamsPerOrganization: env.TEAMS_PER_ORGANIZATION,
    invitationLifetimeHours: env.INVITATION_LIFETIME_HOURS,
  };
}

// Teams

export type TeamView = { id: string; name: string; members: number; createdAt: Date };

/** An organization's teams by name, with their number of members. At most TEAMS_PER_ORGANIZATION rows. */
export async function listTeams(organizationId: string): Promise<TeamView[]> {
  // A count per team along `teamMember_teamId_idx` (a join and a GROUP BY over every team member costs ten times
  // more in a large organization: npm run bench:lists organizations).
  return db
    .select({
      id: team.id,
      name: team.name,
      createdAt: team.createdAt,
      // Written out: inside a subquery drizzle would leave the columns unqualified, and `id` would be team_member's.
      members: sql<number>`(select count(*) from team_member where team_member.team_id = team.id)`.mapWith(Number),
    })
    .from(team)
    .where(eq(team.organizationId, organizationId))
    .orderBy(sql`${team.name} collate nocase`, asc(team.id));
}

export async function getTeam(organizationId: string, teamId: string) {
  const [row] = await db
    .select({ id: team.id, name: team.name, createdAt: team.createdAt })
    .from(team)
    .where(and(eq(team.organizationId, organizationId), eq(team.id, teamId)))
    .limit(1);
  return row ?? null;
}

/** A team's members (their organization membership, for the role), by name. */
export async function listTeamMembers(organizationId: string, teamId: string) {
  return db
    .select({ userId: user.id, name: user.name, email: user.email, role: member.role, addedAt: teamMember.createdAt })
    .from(teamMember)
    .innerJoin(user, eq(user.id, teamMember.userId))
    .innerJoin(member, and(eq(member.userId, teamMember.userId), eq(member.organizationId, organizationId)))
    .where(eq(teamMember.teamId, teamId))
    .orderBy(sql`${user.name} collate nocase`, asc(user.id));
}

/** Members of the organization not in the team, by name: whom "Add to the team" offers (the first `limit`). */
export async function teamCandidates(organizationId: string, teamId: string, limit = 200) {
  return db
    .select({ userId: user.id, name: user.name, email: user.email })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(
      and(
        eq(member.organizationId, organizationId),
        sql`not exists (select 1 from ${teamMember} where ${teamMember.teamId} = ${teamId} and ${teamMember.userId} = ${member.userId})`,
      ),
    )
    .orderBy(sql`${user.name} collate nocase`, asc(user.id))
    .limit(limit);
}

/** A name another team of the organization has (the unique index decides between two racing writes). */
async function teamNameTaken(organizationId: string, name: string, exceptTeamId?: string) {
  const [row] = await db
    .select({ id: team.id })
    .from(team)
    .where(
      and(
        eq(team.organizationId, organizationId),
        sql`lower(${team.name}) = lower(${name})`,
        exceptTeamId ? sql`${team.id} <> ${exceptTeamId}` : undefined,
      ),
    )
    .limit(1);
  return Boolean(row);
}

const teamTarget = (row: { id: string; name: string }) => ({ type: "team", id: row.id, label: row.name });

/** Creating and deleting teams take turns per organization, in every process: TEAMS_PER_ORGANIZATION and the last team. */
const teamsTurn = <T>(organizationId: string, work: () => Promise<T>) =>
  runExclusive(`organization-teams:${organizationId}`, work);

/** Creates a team; better-auth counts the teams against TEAMS_PER_ORGANIZATION, in the organization's teams turn. */
export function createTeam(
  scope: Membership,
  name: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ team: { id: string; name: string } }>> {
  return teamsTurn(scope.organization.id, () => insertTeam(scope, name, caller));
}

async function insertTeam(
  scope: Membership,
  name: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult<{ team: { id: string; name: string } }>> {
  if (await teamNameTaken(scope.organization.id, name)) return refusal("TEAM_ALREADY_EXISTS");
  let created;
  try {
    created = await auth.api.createTeam({
      headers: caller.headers,
      body: { name, organizationId: scope.organization.id },
    });
  } catch (error) {
    if (isUniqueViolation(error, "index 'team_organization_name'") || isTeamNameViolation(error))
      return refusal("TEAM_ALREADY_EXISTS");
    return refusalOf(error);
  }
  await record(caller, "team.created", teamTarget(created), { organization: scope.organization.slug });
  return { ok: true, team: { id: created.id, name: created.name } };
}

/** SQLite names an expression index's violation by the index ("index 'team_organization_name'"). */
function isTeamNameViolation(error: unknown): boolean {
  const text = String(error instanceof Error && error.cause instanceof Error ? error.cause.message : error);
  return text.includes("team_organization_name");
}

export async function renameTeam(
  scope: Membership,
  teamId: string,
  name: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult> {
  const current = await getTeam(scope.organization.id, teamId);
  if (!current) return refusal("TEAM_NOT_FOUND");
  if (current.name === name) return { ok: true };
  if (await teamNameTaken(scope.organization.id, name, teamId)) return refusal("TEAM_ALREADY_EXISTS");
  try {
    await auth.api.updateTeam({
      headers: caller.headers,
      body: { teamId, data: { name, organizationId: scope.organization.id } },
    });
  } catch (error) {
    if (isTeamNameViolation(error)) return refusal("TEAM_ALREADY_EXISTS");
    return refusalOf(error);
  }
  await record(caller, "team.updated", teamTarget({ id: teamId, name }), {
    organization: scope.organization.slug,
    previousName: current.name,
  });
  return { ok: true };
}

/** Deletes a team (its members stay in the organization); the last team stays (`UNABLE_TO_REMOVE_LAST_TEAM`). */
export async function deleteTeam(
  scope: Membership,
  teamId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult> {
  return teamsTurn(scope.organization.id, async () => {
    const current = await getTeam(scope.organization.id, teamId);
    if (!current) return refusal("TEAM_NOT_FOUND");
    // better-auth refuses to delete a session's active team (creating an organization makes its first team the
    // creator's active one). We do not use active teams: no session keeps this one.
    await db.update(sessionTable).set({ activeTeamId: null }).where(eq(sessionTable.activeTeamId, teamId));
    const removed = await attempt(() =>
      auth.api.removeTeam({ headers: caller.headers, body: { teamId, organizationId: scope.organization.id } }),
    );
    if (!removed.ok) return removed;
    await record(caller, "team.deleted", teamTarget(current), { organization: scope.organization.slug });
    return { ok: true };
  });
}

/** Adds a member of the organization to a team (`member: ["update"]`); someone outside it is refused. */
export function addTeamMember(scope: Membership, teamId: string, userId: string, caller: OrganizationCaller) {
  return changeTeamMembership("add", scope, teamId, userId, caller);
}

/** Takes someone out of a team (`member: ["delete"]`); they stay in the organization. */
export function removeTeamMember(scope: Membership, teamId: string, userId: string, caller: OrganizationCaller) {
  return changeTeamMembership("remove", scope, teamId, userId, caller);
}

async function changeTeamMembership(
  change: "add" | "remove",
  scope: Membership,
  teamId: string,
  userId: string,
  caller: OrganizationCaller,
): Promise<OrganizationResult> {
  const current = await getTeam(scope.organization.id, teamId);
  if (!current) return refusal("TEAM_NOT_FOUND");
  const body = { teamId, userId, organizationId: scope.organization.id };
  const changed = await attempt<unknown>(() =>
    change === "add"
      ? auth.api.addTeamMember({ headers: caller.headers, body })
      : auth.api.removeTeamMember({ headers: caller.headers, body }),
  );
  if (!changed.ok) return changed;
  const [who] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
  await record(
    caller,
    change === "add" ? "team.member-added" : "team.member-removed",
    { type: "user", id: userId, label: who?.email ?? null },
    { organization: scope.organization.slug, team: current.name },
  );
  return { ok: true };
}
