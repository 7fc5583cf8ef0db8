// Demo data: the two accounts of the README (and of demo mode), a handful of repositories, and an organization.
import { randomUUID } from "node:crypto";
import { count, eq, inArray } from "drizzle-orm";

import { repositoryNameKey } from "~/lib/schemas/repository";
import { db as sharedDb, type Database } from "./client";
import { member, organization, repository, team, teamMember, user } from "./schema";

/** The seeded accounts: the README's, and demo mode's (DEMO_ACCOUNTS signs them in with a fixed code). */
export const SEED_USERS = [
  { email: "admin@example.com", name: "Admin", role: "admin" },
  { email: "user@example.com", name: "User", role: "user" },
] as const;

const SEED_REPOSITORIES = [
  {
    name: "groundwork",
    link: "github.com/groundwork-starter/groundwork",
    description: "The starter this instance runs on.",
  },
  {
    name: "react-router",
    link: "https://github.com/remix-run/react-router",
    description: "Declarative routing for React: loaders, actions and server rendering.",
  },
  {
    name: "better-auth",
    link: "https://github.com/better-auth/better-auth",
    description: "The authentication framework behind the e-mail code sign-in.",
  },
  {
    name: "drizzle-orm",
    link: "https://github.com/drizzle-team/drizzle-orm",
    description: "TypeScript ORM with SQL-like queries and migrations.",
  },
  {
    name: "libsql",
    link: "https://github.com/tursodatabase/libsql",
    description: "An open fork of SQLite that can also run as a server.",
  },
  {
    name: "tailwindcss",
    link: "https://github.com/tailwindlabs/tailwindcss",
    description: "A utility-first CSS framework.",
  },
] as const;

export async function hasUsers(db: Database): Promise<boolean> {
  const [existing] = await db.select({ value: count() }).from(user);
  return (existing?.value ?? 0) > 0;
}

/** Adds the seed data that is missing; running it twice changes nothing. */
export async function seedDatabase(db: Database): Promise<void> {
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
  await db
    .insert(repository)
    .values(
      SEED_REPOSITORIES.map((seed) => ({
        ...seed,
        nameKey: repositoryNameKey(seed.name),
        createdById: admin?.id ?? null,
      })),
    )
    .onConflictDoNothing({ target: repository.nameKey });
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

const WORDS = [
  "alpha",
  "atlas",
  "beacon",
  "cedar",
  "delta",
  "ember",
  "falcon",
  "garnet",
  "harbor",
  "indigo",
  "juniper",
  "kestrel",
  "lumen",
  "meadow",
  "nimbus",
  "onyx",
  "prairie",
  "quartz",
  "raven",
  "sierra",
  "tundra",
  "umber",
  "vertex",
  "willow",
  "xenon",
  "yonder",
  "zephyr",
];

/** `npm run bench`: real-looking repositories in bulk, in batches inside transactions. */
export async function seedBenchmarkRepositories(total: number, db: Database = sharedDb): Promise<void> {
  const batch = 1000;
  for (let start = 0; start < total; start += batch) {
    const rows = Array.from({ length: Math.min(batch, total - start) }, (_, offset) => {
      const n = start + offset;
      const name = `${WORDS[n % WORDS.length]}-${WORDS[Math.floor(n / WORDS.length) % WORDS.length]}-${n}`;
      return {
        name,
        nameKey: repositoryNameKey(name),
        link: `https://git.example.com/team-${n % 97}/${name}`,
        description: `Sample project ${n} for the benchmark, owned by team ${n % 97}.`,
      };
    });
    await db.insert(repository).values(rows);
  }
}
