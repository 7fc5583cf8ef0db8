// `npm run db:backup -- <target file>`, or `node scripts/db-backup.mjs <target file>` in the image: a consistent
// copy of the embedded database, taken while the server runs (README "Backups", docs/architecture.md "Backups").
//
// SQLite's VACUUM INTO reads the database in one read transaction: with the server's WAL journal, writers go on
// beside it, and the copy holds exactly what was committed when that transaction began. The copy is written under a
// temporary name beside the target, checked, and only then given the target's name; an existing target is refused.
import { existsSync, linkSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

import { databasePath, openFile, Refusal, runScript, sizeOf, syncToDisk, verifyCopy } from "./db-file.mjs";

await runScript(async ([target, ...extra]) => {
  if (!target || extra.length > 0)
    throw new Refusal("usage: db-backup.mjs <target file> (DATABASE_URL names the database)");
  const source = databasePath();
  const destination = resolve(target);
  // Checked first to fail early, and again atomically at the end (link refuses an existing name).
  if (existsSync(destination))
    throw new Refusal(`${destination} exists: choose a new name (a backup never overwrites)`);
  mkdirSync(dirname(destination), { recursive: true });
  const partial = join(dirname(destination), `.${basename(destination)}.partial-${process.pid}`);

  const started = performance.now();
  const client = openFile(source);
  try {
    await client.execute({ sql: "VACUUM INTO ?", args: [partial] });
  } catch (error) {
    rmSync(partial, { force: true });
    throw new Refusal(`backup of ${source} failed: ${error instanceof Error ? error.message : error}`);
  } finally {
    client.close();
  }
  try {
    await verifyCopy(partial);
    // VACUUM INTO does not fsync its output: the copy reaches the disk before it takes the target's name.
    syncToDisk(partial);
    try {
      linkSync(partial, destination);
    } catch (error) {
      if (error?.code === "EEXIST") throw new Refusal(`${destination} appeared during the backup: not overwritten`);
      // A file system without hard links: the check above is the only guard left.
      if (existsSync(destination)) throw error;
      renameSync(partial, destination);
    }
    syncToDisk(dirname(destination));
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(partial + suffix, { force: true });
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(2);
  console.log(`backup: ${destination} (${sizeOf(destination)}) from ${source} in ${seconds} s`);
  // Pictures are files or objects, not rows (ADR 051): the copy holds their names, not their bytes.
  const storage = process.env.STORAGE_URL?.trim();
  const pictures = storage?.startsWith("s3://")
    ? storage
    : resolve(storage?.replace(/^file:/, "") || join(dirname(source), "pictures"));
  console.log(`backup: not in it: the pictures (profile photos, logos) in ${pictures}; copy them too`);
});
