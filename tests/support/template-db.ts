// Builds a database migrated by the real migrations once; each test copies it.
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

export const tmpDir = resolve("tests/.tmp");
export const templatePath = join(tmpDir, "template.db");

/**
 * Migrated under a name of its own, then renamed into place: two test runs at once (two terminals, or a run beside
 * an editor's) never see each other's half-built or deleted template.
 */
export async function buildTemplateDatabase(): Promise<string> {
  mkdirSync(tmpDir, { recursive: true });
  const building = join(tmpDir, `template-${randomUUID()}.db`);
  const client = createClient({ url: `file:${building}` });
  await migrate(drizzle(client), { migrationsFolder: resolve("drizzle") });
  client.close();
  for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
  renameSync(building, templatePath);
  return templatePath;
}
