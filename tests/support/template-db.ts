// Builds a database migrated by the real migrations once; each test copies it.
import { mkdirSync, rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient } from "@libsql/client";
import { drizzle } from "drizzle-orm/libsql";
import { migrate } from "drizzle-orm/libsql/migrator";

export const tmpDir = resolve("tests/.tmp");
export const templatePath = join(tmpDir, "template.db");

export async function buildTemplateDatabase(): Promise<string> {
  mkdirSync(tmpDir, { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) rmSync(templatePath + suffix, { force: true });
  const client = createClient({ url: `file:${templatePath}` });
  await migrate(drizzle(client), { migrationsFolder: resolve("drizzle") });
  client.close();
  return templatePath;
}
