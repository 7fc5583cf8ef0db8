// The signed-in person's home page (docs/product.md, "Home"): their organizations, the invitations waiting for them,
// and the newest repositories. Each part is one bounded query, so the page costs the same at 100 000 rows.
import { and, asc, desc, eq, gt, sql } from "drizzle-orm";

import { db } from "~/.server/platform/db/client";
import { invitation, member, organization, repository } from "~/.server/platform/db/schema";

/** How many organizations, invitations and repositories the home page shows (each part links to the full list). */
export const HOME_ORGANIZATIONS = 6;
const HOME_INVITATIONS = 5;
export const HOME_REPOSITORIES = 5;

type HomeOrganization = { id: string; name: string; slug: string; role: string };
type HomeInvitation = { id: string; organizationName: string; role: string | null; expiresAt: Date };
type HomeRepository = { id: string; name: string; description: string; createdAt: Date };

export type Home = {
  /** The first HOME_ORGANIZATIONS of the person's organizations by name, with their role in each. */
  organizations: HomeOrganization[];
  /** How many organizations the person belongs to in all. */
  organizationCount: number;
  /** Invitations to this address still waiting for an answer, soonest to expire first. */
  invitations: HomeInvitation[];
  /** The newest repositories (none when the person may not read repositories). */
  repositories: HomeRepository[];
};

/**
 * What the home page of `userId` (signed in as `email`) shows at `now`. `canReadRepositories` comes from the
 * caller's permissions: without it, no repository is read at all.
 */
export async function loadHome({
  userId,
  email,
  canReadRepositories,
  now = new Date(),
}: {
  userId: string;
  email: string;
  canReadRepositories: boolean;
  now?: Date;
}): Promise<Home> {
  const [organizations, invitations, repositories] = await Promise.all([
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
    // The newest first by rowid: SQLite gives each new row the largest rowid, so this walks the table's own b-tree
    // from its end (five rows read) where ORDER BY created_at would sort the whole table (no index on it).
    canReadRepositories
      ? db
          .select({
            id: repository.id,
            name: repository.name,
            description: repository.description,
            createdAt: repository.createdAt,
          })
          .from(repository)
          .orderBy(desc(sql`${repository}.rowid`))
          .limit(HOME_REPOSITORIES)
      : Promise.resolve([]),
  ]);
  return {
    organizations: organizations.map(({ total: _total, ...row }) => row),
    organizationCount: Number(organizations[0]?.total ?? 0),
    invitations,
    repositories,
  };
}
