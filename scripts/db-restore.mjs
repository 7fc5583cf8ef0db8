// `npm run db:restore -- <backup file>`, or `node scripts/db-restore.mjs <backup file>` in a one-off container: puts a
// backup in place of the embedded database named by DATABASE_URL, for a STOPPED server (README "Backups").
//
// 1. The backup is copied beside the database under a temporary name and checked there (integrity_check, the
//    migrations table): the backup file itself is never opened for writing.
// 2. A server still using the database is detected by asking SQLite for an exclusive lock (locking_mode EXCLUSIVE,
//    BEGIN EXCLUSIVE): every process with the database open holds a shared lock on it in WAL mode, so the request
//    fails while one runs, on this host or in a container sharing this volume. Locks do not cross machines on a
//    network file system; there, stopping the server is the operator's part.
// 3. The current database is moved aside as `<name>.before-restore-<UTC time>`, never deleted, with its -wal when
//    one is left (a killed server's last commits are there: the pair opens as one database); the -shm, an index
//    rebuilt from the -wal, is removed.
// 4. The checked copy takes the database's name. The next start migrates it forward if the backup is older.
import { copyFileSync, existsSync, renameSync, rmSync, statSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";

import { databasePath, openFile, Refusal, runScript, sizeOf, syncToDisk, verifyCopy } from "./db-file.mjs";

await runScript(async ([backup, ...extra]) => {
  if (!backup || extra.length > 0)
    throw new Refusal("usage: db-restore.mjs <backup file> (DATABASE_URL names the database)");
  const database = databasePath();
  const source = resolve(backup);
  if (!existsSync(source)) throw new Refusal(`${source}: no such backup file`);
  if (source === database) throw new Refusal(`${source} is the database itself: nothing to restore`);

  const staged = join(dirname(database), `.${basename(database)}.restoring-${process.pid}`);
  copyFileSync(source, staged);
  let kept = null;
  try {
    const { migrations } = await verifyCopy(staged);
    syncToDisk(staged);
    if (existsSync(database)) {
      await refuseWhileInUse(database);
      kept = `${database}.before-restore-${new Date().toISOString().replace(/[-:]/g, "").replace(/\.\d+/, "")}`;
      renameSync(database, kept);
      // A server killed without closing the database leaves committed rows in its -wal: it goes along, by name.
      if (existsSync(`${database}-wal`) && statSync(`${database}-wal`).size > 0)
        renameSync(`${database}-wal`, `${kept}-wal`);
    }
    rmSync(`${database}-wal`, { force: true });
    rmSync(`${database}-shm`, { force: true });
    renameSync(staged, database);
    syncToDisk(dirname(database));
    console.log(
      `restore: ${database} (${sizeOf(database)}, ${migrations} migrations) from ${source}; ` +
        (kept ? `the previous database is kept at ${kept}` : "there was no previous database"),
    );
  } finally {
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(staged + suffix, { force: true });
  }
});

/** Refuses when another process has the database open (see the top of this file). */
async function refuseWhileInUse(database) {
  const client = openFile(database, { timeout: 0 });
  try {
    await client.execute("PRAGMA locking_mode = EXCLUSIVE");
    await client.execute("BEGIN EXCLUSIVE");
  } catch (error) {
    if (/SQLITE_BUSY|locked/i.test(String(error?.code ?? "") + String(error?.message ?? ""))) {
      throw new Refusal(`${database} is in use (a server has it open): stop the server, then restore`);
    }
    throw new Refusal(`${database}: cannot be opened (${error instanceof Error ? error.message : error})`);
  } finally {
    client.close();
  }
}
