import { existsSync } from "node:fs";
import { resolve } from "node:path";
import type { Client } from "@libsql/client";
import { sql } from "drizzle-orm";
import { migrate } from "drizzle-orm/libsql/migrator";

import { EnvError, getEnv } from "~/.server/platform/env";
import { logger } from "~/.server/platform/logger";
import {
  brief,
  primaryClient,
  primaryDb,
  printableDatabaseUrl,
  startReplicaSync,
  syncReplica,
  tokenProblem,
  type Database,
} from "./client";
import { isUniqueViolation } from "./errors";
import { hasUsers, seedDatabase, type FeatureSeed } from "./seed";

/** How long a process waits for another one that is applying the migrations (ADR 020). */
const MIGRATION_WAIT_MS = 120_000;

/**
 * Applies the committed migrations, then seeds: "if-empty" at start (unless SEED=false), "always" for db:seed.
 * `featureSeeds` are the features' demo rows (app/features/seed.server.ts), passed by the entry and scripts/db.ts.
 * Runs before the server accepts a request. Several processes may run it at once on one database (ADR 020).
 * A database that refuses the connection or the token is an EnvError: one line naming the variable.
 */
export async function prepareDatabase({
  seed = getEnv().SEED ? "if-empty" : "never",
  featureSeeds = [],
}: { seed?: "if-empty" | "always" | "never"; featureSeeds?: readonly FeatureSeed[] } = {}): Promise<void> {
  const migrationsFolder = resolve("drizzle");
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  // On the primary: a replica's reads could miss another instance's migration or seed (ADR 050).
  await checkConnection(primaryClient, getEnv());
  await migrateDatabase(primaryDb, migrationsFolder);
  if (seed !== "never" && !(seed === "if-empty" && (await hasUsers(primaryDb)))) {
    await seedOnce(primaryDb, featureSeeds);
    logger.info("seeded the database: admin@example.com (admin) and user@example.com (user)");
  }
  await syncReplica();
  startReplicaSync();
}

/**
 * The first query, asked before anything else so that a wrong DATABASE_URL or DATABASE_AUTH_TOKEN is a clear
 * start-up error rather than a stack from the middle of a migration.
 */
async function checkConnection(connection: Client, env: { DATABASE_URL: string; DATABASE_AUTH_TOKEN?: string }) {
  try {
    await connection.execute("SELECT 1");
  } catch (error) {
    const url = printableDatabaseUrl(env.DATABASE_URL);
    throw new EnvError(
      connectionProblem(error, url, env) ??
        `Invalid environment variable DATABASE_URL: cannot open the database at ${url} (${brief(error)})`,
    );
  }
}

/** What went wrong reaching a libSQL server, in one line naming the variable to fix; undefined when not recognised. */
function connectionProblem(
  error: unknown,
  url: string,
  { DATABASE_URL, DATABASE_AUTH_TOKEN }: { DATABASE_URL: string; DATABASE_AUTH_TOKEN?: string },
): string | undefined {
  if (DATABASE_URL.startsWith("file:")) return undefined;
  return (
    tokenProblem(error, url, DATABASE_AUTH_TOKEN) ??
    `Invalid environment variable DATABASE_URL: the libSQL server at ${url} did not answer (${brief(error)})`
  );
}

/**
 * drizzle's migrator, made safe for several processes starting at once on one database (ADR 020). It reads which
 * migrations are applied, then applies the rest in one transaction that also records them. Two processes can both
 * read "none applied": the second's transaction then fails (a table already exists, or the database is busy) and
 * rolls back whole. It retries, and finds the work done. A unique index on the recorded hash makes "applied once"
 * hold even for a migration whose statements would succeed twice: the second record is refused, and with it the
 * second run of the statements.
 */
export async function migrateDatabase(database: Database, migrationsFolder = resolve("drizzle")): Promise<void> {
  const deadline = Date.now() + MIGRATION_WAIT_MS;
  for (let attempt = 1; ; attempt++) {
    const before = await appliedMigrations(database).catch(() => -1);
    try {
      // The same table drizzle's migrator creates, so that drizzle-kit and this agree.
      await database.run(
        sql`CREATE TABLE IF NOT EXISTS "__drizzle_migrations" (id SERIAL PRIMARY KEY, hash text NOT NULL, created_at numeric)`,
      );
      await database.run(
        sql`CREATE UNIQUE INDEX IF NOT EXISTS "__drizzle_migrations_hash_unique" ON "__drizzle_migrations" ("hash")`,
      );
      await migrate(database, { migrationsFolder });
      return;
    } catch (error) {
      const after = await appliedMigrations(database).catch(() => -1);
      // Another process made progress, or holds the lock: wait and look again. Anything else is a real failure.
      if ((after === before && !isBusy(error)) || Date.now() > deadline) throw error;
      logger.info("another process is applying the migrations: waiting", { attempt });
      await new Promise((resolveWait) => setTimeout(resolveWait, Math.min(100 * 2 ** attempt, 2000)));
    }
  }
}

async function appliedMigrations(database: Database): Promise<number> {
  const [row] = await database.all<{ applied: number }>(sql`SELECT count(*) AS applied FROM "__drizzle_migrations"`);
  return Number(row?.applied ?? 0);
}

function isBusy(error: unknown): boolean {
  return /SQLITE_BUSY|SQLITE_LOCKED|database is locked|database table is locked/i.test(brief(error));
}

/**
 * Seeds; when another process seeds at the same moment, the one transaction that loses to a unique index (the demo
 * organization's slug) rolls back, and a second pass finds everything there.
 */
async function seedOnce(database: Database, featureSeeds: readonly FeatureSeed[]): Promise<void> {
  try {
    await seedDatabase(database, featureSeeds);
  } catch (error) {
    if (!isUniqueViolation(error, "organization.slug") && !isBusy(error)) throw error;
    await seedDatabase(database, featureSeeds);
  }
}
