// Organizations in the manager (docs/architecture.md, "Organizations in the manager"): every organization of the
// instance for a site admin, who is usually not a member of any. Reads go to better-auth's tables with drizzle; the
// deletion is this module's one write on them (better-auth's deleteOrganization endpoint wants a member who may
// delete).
import { and, asc, count, eq, gt, inArray, or, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { decodeCursorValues, keysetPage } from "~/.server/platform/db/keyset";
import { caseVariants, likePattern } from "~/.server/platform/db/like";
import { invitation, member, organization, user } from "~/.server/platform/db/schema";
import { recordAudit, type AuditActor } from "~/features/audit/audit.server";
import { searchableText } from "~/lib/schemas/text";
import { listMembers, listTeams, removeOrganization, type MemberView, type TeamView } from "./organizations.server";

const ORGANIZATION_PAGE_SIZE = 20;
const INVITATION_PAGE_SIZE = 50;

type OrganizationListItem = {
  id: string;
  name: string;
  slug: string;
  logo: string | null;
  createdAt: Date;
  members: number;
};
export type OrganizationListPage = { items: OrganizationListItem[]; nextCursor: string | null };

/** The order of the list and of its index `organization_name_sort` (drizzle/0009): the name in ASCII-folded case. */
const nameNocase = sql`${organization.name} collate nocase`;

/** How many spellings of a term's letters beyond ASCII the search tries, each in either case. */
const MOST_SPELLINGS = 8;

/** Each spelling of the term's letters in either case (`caseVariants`); beyond MOST_SPELLINGS, three of them. */
const spellings = (term: string): string[] =>
  caseVariants(term, MOST_SPELLINGS) ?? [...new Set([term, term.toLowerCase(), term.toUpperCase()])];

/** The name or the slug holds the term; a slug is ASCII (`SLUG_PATTERN`), so other spellings skip it. */
const matchesAnywhere = (term: string) =>
  or(
    ...spellings(term).flatMap((spelling) => [
      sql`${organization.name} like ${likePattern(spelling)} escape '\\'`,
      ...(/^\p{ASCII}*$/u.test(spelling) ? [sql`${organization.slug} like ${likePattern(spelling)} escape '\\'`] : []),
    ]),
  );

/** The key a cursor carries ([name, id]); null for none, or for anything that is not one of ours. */
function readNameCursor(cursor: string | null): [string, string] | null {
  const values = decodeCursorValues(cursor);
  if (!values || values.length !== 2) return null;
  const [name, id] = values;
  return typeof name === "string" && typeof id === "string" ? [name, id] : null;
}

/**
 * Every organization by name (in ASCII-folded case, then id), keyset-paginated on that key, never OFFSET, each with
 * its number of members. `searchTerm` matches the name or the slug anywhere, in any case. A search reads the table in
 * storage order (NOT INDEXED), SQLite keeping the first rows of the order as it goes: one pass, about 2 ms at 10 000
 * organizations whatever the term, where walking the name index would read the rows one by one, three times slower
 * for a rare term (`npm run bench:lists organizations`). A cursor that is not one of ours starts from the first page.
 */
export async function listOrganizations({
  searchTerm = "",
  cursor = null,
  limit = ORGANIZATION_PAGE_SIZE,
}: {
  searchTerm?: string;
  cursor?: string | null;
  limit?: number;
}): Promise<OrganizationListPage> {
  const after = readNameCursor(cursor);
  // `a >= ? and (a > ? or id > ?)`: a range of the index, with the index's own collation.
  const afterKey = after
    ? sql`(${nameNocase} >= ${after[0]} and (${nameNocase} > ${after[0]} or ${organization.id} > ${after[1]}))`
    : undefined;
  // A NUL would cut the LIKE pattern short: control characters go whatever the caller passes.
  const term = searchableText(searchTerm).normalize("NFC").trim();
  const columns = {
    id: organization.id,
    name: organization.name,
    slug: organization.slug,
    logo: organization.logo,
    createdAt: organization.createdAt,
    // Written out: drizzle leaves the columns of a one-table select unqualified, and "id" would be the member's.
    members: sql<number>`(select count(*) from "member" where "member"."organization_id" = "organization"."id")`,
  };
  const page = (rows: OrganizationListItem[]) => keysetPage(rows, limit, (row) => JSON.stringify([row.name, row.id]));
  if (!term)
    return page(
      await db
        .select(columns)
        .from(organization)
        .where(afterKey)
        .orderBy(nameNocase, asc(organization.id))
        .limit(limit + 1),
    );
  // The page's rows in order, from one pass over the table; then those rows by rowid, put back in that order (an ORDER
  // BY there would have SQLite walk the name index again, looking for them).
  const found = await db.all<{ rowid: number }>(
    sql`select rowid from ${organization} not indexed where ${and(matchesAnywhere(term), afterKey)} order by ${nameNocase}, ${organization.id} limit ${limit + 1}`,
  );
  if (found.length === 0) return { items: [], nextCursor: null };
  const rows = await db
    .select({ ...columns, rowid: sql<number>`"organization"."rowid"` })
    .from(organization)
    .where(
      inArray(
        sql`"organization"."rowid"`,
        found.map((row) => row.rowid),
      ),
    );
  const byRowid = new Map(rows.map(({ rowid, ...row }) => [rowid, row]));
  return page(found.flatMap((row) => byRowid.get(row.rowid) ?? []));
}

export type PendingInvitationView = {
  id: string;
  email: string;
  role: string | null;
  expiresAt: Date;
  inviter: { name: string; email: string } | null;
};

/**
 * An organization's invitations still waiting for an answer (pending, not expired), those expiring first first, a
 * page at a time (keyset on expiry and id, along `invitation_organization_status`).
 */
export async function listPendingInvitations(
  organizationId: string,
  {
    cursor = null,
    limit = INVITATION_PAGE_SIZE,
    now = new Date(),
  }: { cursor?: string | null; limit?: number; now?: Date } = {},
): Promise<{ items: PendingInvitationView[]; nextCursor: string | null }> {
  const after = decodeCursorValues(cursor);
  const afterKey =
    after && after.length === 2 && Number.isSafeInteger(after[0]) && typeof after[1] === "string"
      ? or(
          gt(invitation.expiresAt, new Date(after[0] as number)),
          and(eq(invitation.expiresAt, new Date(after[0] as number)), gt(invitation.id, after[1])),
        )
      : undefined;
  const rows = await db
    .select({
      id: invitation.id,
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt,
      inviterName: user.name,
      inviterEmail: user.email,
    })
    .from(invitation)
    .leftJoin(user, eq(user.id, invitation.inviterId))
    .where(
      and(
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, "pending"),
        gt(invitation.expiresAt, now),
        afterKey,
      ),
    )
    .orderBy(asc(invitation.expiresAt), asc(invitation.id))
    .limit(limit + 1);
  const page = keysetPage(rows, limit, (row) => JSON.stringify([row.expiresAt.getTime(), row.id]));
  return {
    nextCursor: page.nextCursor,
    items: page.items.map(({ inviterName, inviterEmail, ...row }) => ({
      ...row,
      inviter: inviterEmail === null ? null : { name: inviterName ?? "", email: inviterEmail },
    })),
  };
}

export type OrganizationDetail = {
  organization: { id: string; name: string; slug: string; logo: string | null; createdAt: Date };
  counts: { members: number; teams: number; pendingInvitations: number };
  members: { items: MemberView[]; nextCursor: string | null };
  teams: TeamView[];
  invitations: { items: PendingInvitationView[]; nextCursor: string | null };
};

/**
 * One organization for the manager: what it is, its members (a page, in the order they joined), its teams with their
 * number of members, and its pending invitations (a page). Null when there is no such organization.
 */
export async function getOrganizationDetail(
  id: string,
  {
    memberCursor = null,
    invitationCursor = null,
    now = new Date(),
  }: { memberCursor?: string | null; invitationCursor?: string | null; now?: Date } = {},
): Promise<OrganizationDetail | null> {
  const [found] = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      logo: organization.logo,
      createdAt: organization.createdAt,
    })
    .from(organization)
    .where(eq(organization.id, id))
    .limit(1);
  if (!found) return null;
  const [[members], [pending], teams, memberPage, invitationPage] = await Promise.all([
    db.select({ value: count() }).from(member).where(eq(member.organizationId, id)),
    db
      .select({ value: count() })
      .from(invitation)
      .where(and(eq(invitation.organizationId, id), eq(invitation.status, "pending"), gt(invitation.expiresAt, now))),
    listTeams(id),
    listMembers(id, { cursor: memberCursor }),
    listPendingInvitations(id, { cursor: invitationCursor, now }),
  ]);
  return {
    organization: found,
    counts: { members: members?.value ?? 0, teams: teams.length, pendingInvitations: pending?.value ?? 0 },
    members: memberPage,
    teams,
    invitations: invitationPage,
  };
}

/**
 * Deletes an organization for a site admin, who need not be a member (better-auth's deleteOrganization endpoint asks
 * for a member allowed to delete it, so it cannot serve here): `removeOrganization`, one batch. Returns the
 * organization deleted; null when there was none.
 */
export async function deleteOrganization(
  id: string,
  by: AuditActor,
): Promise<{ id: string; name: string; slug: string } | null> {
  const gone = await removeOrganization(id);
  if (!gone) return null;
  await recordAudit(by, {
    action: "organization.deleted",
    target: { type: "organization", id: gone.id, label: gone.slug },
    details: { name: gone.name },
  });
  return gone;
}
