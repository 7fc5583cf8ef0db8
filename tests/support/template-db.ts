// Builds a database migrated by the real migrations once; each test copies it.
import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";

export const tmpDir = resolve("tests/.tmp");
export const templatePath = join(tmpDir, "template.db");

/**
 * Migrated under a name of its own, then renamed into place: two test runs at once (two terminals, or a run beside
 * an editor's) never see each other's half-built or deleted template.
 */
export async function buildTemplateDatabase(): Promise<string> {
  // Imported here, not at the top: every test file's setup imports this module for the two paths above, and loading
  // the libSQL client and the migrator there cost each file that never opens a database its share of the setup.
  const { createClient } = await import("@libsql/client");
  const { drizzle } = await import("drizzle-orm/libsql");
  const { migrate } = await import("drizzle-orm/libsql/migrator");
  mkdirSync(tmpDir, { recursive: true });
  const building = join(tmpDir, `template-${randomUUID()}.db`);
  const client = createClient({ url: `file:${building}` });
  await migrate(drizzle(client), { migrationsFolder: resolve("drizzle") });
  client.close();
  for (const suffix of ["-wal", "-shm"]) rmSync(building + suffix, { force: true });
  renameSync(building, templatePath);
  return templatePath;
}
