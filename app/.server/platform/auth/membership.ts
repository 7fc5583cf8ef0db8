// The signed-in user's membership in one organization: read once per request by the scope guard
// (app/.server/web/organization-scope.ts), then handed to the organization feature modules as their "scope". It sits
// in the platform, beside the roles it is checked against (permissions.ts), so that the guard imports no feature
// module (docs/architecture.md, "The one-way rule").
import { and, eq } from "drizzle-orm";

import { primaryDb } from "~/.server/platform/db/client";
import { member, organization } from "~/.server/platform/db/schema";

/** `logo`: its picture's URL (ADR 051), where the query read it. */
export type OrganizationSummary = { id: string; name: string; slug: string; createdAt: Date; logo?: string | null };

/** The signed-in user's place in one organization: what the scope guard puts in the router context. */
export type Membership = { organization: OrganizationSummary; member: { id: string; role: string; userId: string } };

/** The columns of an `OrganizationSummary`, for the queries that list organizations. */
export const organizationColumns = {
  id: organization.id,
  name: organization.name,
  slug: organization.slug,
  createdAt: organization.createdAt,
  logo: organization.logo,
};

/**
 * The organization with this slug, and `userId`'s membership in it; null when either is missing. One query, on the
 * primary: a removal or a role change made on another instance counts from the very next request (ADR 050).
 */
export async function findMembership(slug: string, userId: string): Promise<Membership | null> {
  const [row] = await primaryDb
    .select({ ...organizationColumns, memberId: member.id, role: member.role })
    .from(organization)
    .innerJoin(member, and(eq(member.organizationId, organization.id), eq(member.userId, userId)))
    .where(eq(organization.slug, slug))
    .limit(1);
  if (!row) return null;
  const { memberId, role, ...summary } = row;
  return { organization: summary, member: { id: memberId, role, userId } };
}
