import { existsSync } from "node:fs";
import { resolve } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";

import { getEnv } from "../env";
import { logger } from "../logger";
import { db } from "./client";
import { hasUsers, seedDatabase } from "./seed";

/**
 * Applies the committed migrations, then seeds: "if-empty" at start (unless SEED=false), "always" for db:seed.
 * Runs before the server accepts a request.
 */
export async function prepareDatabase({
  seed = getEnv().SEED ? "if-empty" : "never",
}: { seed?: "if-empty" | "always" | "never" } = {}): Promise<void> {
  const migrationsFolder = resolve("drizzle");
  if (!existsSync(migrationsFolder)) throw new Error(`Migrations folder not found: ${migrationsFolder}`);
  await migrate(db, { migrationsFolder });
  if (seed === "never" || (seed === "if-empty" && (await hasUsers(db)))) return;
  await seedDatabase(db);
  logger.info("seeded the database: admin@example.com (admin) and user@example.com (user)");
}
