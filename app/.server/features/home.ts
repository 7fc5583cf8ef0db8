// The signed-in person's home page (docs/product.md, "Home"): their organizations and the invitations waiting for them
// (the newest repositories are the feature's own, app/features/repositories/, added by the route). Each part is one
// bounded query, so the page costs the same at 100 000 rows.
import { and, asc, eq, gt, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { invitation, member, organization } from "~/.server/platform/db/schema";

/** How many organizations, invitations and repositories the home page shows (each part links to the full list). */
export const HOME_ORGANIZATIONS = 6;
const HOME_INVITATIONS = 5;
export const HOME_REPOSITORIES = 5;

type HomeOrganization = { id: string; name: string; slug: string; role: string };
type HomeInvitation = { id: string; organizationName: string; role: string | null; expiresAt: Date };

export type Home = {
  /** The first HOME_ORGANIZATIONS of the person's organizations by name, with their role in each. */
  organizations: HomeOrganization[];
  /** How many organizations the person belongs to in all. */
  organizationCount: number;
  /** Invitations to this address still waiting for an answer, soonest to expire first. */
  invitations: HomeInvitation[];
};

/** What the home page of `userId` (signed in as `email`) shows at `now`. */
export async function loadHome({
  userId,
  email,
  now = new Date(),
}: {
  userId: string;
  email: string;
  now?: Date;
}): Promise<Home> {
  const [organizations, invitations] = await Promise.all([
    // The total rides along each row (a window over the person's memberships, at most ORGANIZATIONS_PER_USER).
    db
      .select({
        id: organization.id,
        name: organization.name,
        slug: organization.slug,
        role: member.role,
        total: sql<number>`count(*) over ()`,
      })
      .from(member)
      .innerJoin(organization, eq(organization.id, member.organizationId))
      .where(eq(member.userId, userId))
      .orderBy(sql`${organization.name} collate nocase`, asc(organization.id))
      .limit(HOME_ORGANIZATIONS),
    db
      .select({
        id: invitation.id,
        organizationName: organization.name,
        role: invitation.role,
        expiresAt: invitation.expiresAt,
      })
      .from(invitation)
      .innerJoin(organization, eq(organization.id, invitation.organizationId))
      .where(
        and(eq(invitation.email, email.toLowerCase()), eq(invitation.status, "pending"), gt(invitation.expiresAt, now)),
      )
      .orderBy(asc(invitation.expiresAt))
      .limit(HOME_INVITATIONS),
  ]);
  return {
    organizations: organizations.map(({ total: _total, ...row }) => row),
    organizationCount: Number(organizations[0]?.total ?? 0),
    invitations,
  };
}
