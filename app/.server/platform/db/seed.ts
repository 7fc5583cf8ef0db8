// Demo data: the two accounts of the README (and of demo mode), an organization, and what each feature adds (its own
// rows, passed in: a feature's table is its own, and the platform imports no feature; ADR 045).
import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";

import type { Database } from "./client";
import { member, organization, team, teamMember, user } from "./schema";

/** The seeded accounts: the README's, and demo mode's (DEMO_ACCOUNTS signs them in with a fixed code). */
export const SEED_USERS = [
  { email: "admin@example.com", name: "Admin", role: "admin" },
  { email: "user@example.com", name: "User", role: "user" },
] as const;

export async function hasUsers(db: Database): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(user);
  return (existing?.value ?? 0) > 0;
}

/**
 * A feature's demo rows (app/features/seed.server.ts lists them), added once the accounts exist: `adminId` is the
 * seeded admin, their creator. Running it twice must change nothing.
 */
export type FeatureSeed = (db: Database, adminId: string | null) => Promise<void>;

/** Adds the seed data that is missing; running it twice changes nothing. */
export async function seedDatabase(db: Database, featureSeeds: readonly FeatureSeed[] = []): Promise<void> {
  const now = new Date();
  await db
    .insert(user)
    .values(
      SEED_USERS.map((seed) => ({
        id: randomUUID(),
        email: seed.email,
        name: seed.name,
        role: seed.role,
        emailVerified: true,
        onboardedAt: now,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .onConflictDoNothing({ target: user.email });
  const [admin] = await db.select({ id: user.id }).from(user).where(eq(user.email, "admin@example.com")).limit(1);
  for (const seed of featureSeeds) await seed(db, admin?.id ?? null);
  await seedOrganization(db);
}

/** The demo organization: the admin owns it, the user is a member, both are in its one team. */
const SEED_ORGANIZATION = { name: "Groundwork Demo", slug: "groundwork-demo", team: "Core" } as const;

async function seedOrganization(db: Database) {
  const [existing] = await db
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.slug, SEED_ORGANIZATION.slug))
    .limit(1);
  if (existing) return;
  const people = await db
    .select({ id: user.id, email: user.email })
    .from(user)
    .where(
      inArray(
        user.email,
        SEED_USERS.map((seed) => seed.email),
      ),
    );
  const admin = people.find((person) => person.email === "admin@example.com");
  const plain = people.find((person) => person.email === "user@example.com");
  if (!admin || !plain) return;
  const now = new Date();
  const [organizationId, teamId] = [randomUUID(), randomUUID()];
  await db.batch([
    db.insert(organization).values({
      id: organizationId,
      name: SEED_ORGANIZATION.name,
      slug: SEED_ORGANIZATION.slug,
      createdAt: now,
    }),
    db.insert(member).values([
      { id: randomUUID(), organizationId, userId: admin.id, role: "owner", createdAt: now },
      { id: randomUUID(), organizationId, userId: plain.id, role: "member", createdAt: now },
    ]),
    db.insert(team).values({ id: teamId, name: SEED_ORGANIZATION.team, organizationId, createdAt: now }),
    db.insert(teamMember).values([
      { id: randomUUID(), teamId, userId: admin.id, createdAt: now },
      { id: randomUUID(), teamId, userId: plain.id, createdAt: now },
    ]),
  ]);
}
