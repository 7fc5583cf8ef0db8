// What `db-backup.mjs` and `db-restore.mjs` share: where the embedded database is, and how a copy is checked. Plain
// Node with runtime dependencies only: the production image runs these scripts without tsx (README "Backups").
import { closeSync, existsSync, fsyncSync, openSync, statSync } from "node:fs";
import { resolve } from "node:path";
import { createClient } from "@libsql/client";

/** The table drizzle's migrator keeps (app/.server/platform/db/prepare.ts): a database of this app has it. */
const MIGRATIONS_TABLE = "__drizzle_migrations";

/** A one-line failure: the script prints the message, without a stack, and exits 1. */
export class Refusal extends Error {}

/**
 * The path of the embedded database named by DATABASE_URL, read as the server reads it (default
 * `file:./data/app.db`, relative to the working directory). A libSQL server or Turso is refused: its data is not a
 * file here, and its own means back it up.
 */
export function databasePath(url = process.env.DATABASE_URL?.trim() || "file:./data/app.db") {
  if (!url.startsWith("file:")) {
    throw new Refusal(
      `DATABASE_URL is a libSQL server (${url.split("?")[0]}), not an embedded file: back it up with the server's ` +
        "own means (sqld: copy its --db-path while stopped, or its bottomless/S3 backups; Turso: point-in-time " +
        "restore, `turso db shell <db> .dump`).",
    );
  }
  const rest = url.slice("file:".length).split("?")[0];
  // `file:///abs/app.db` is a URL; `file:./data/app.db` and `file:/abs/app.db` are paths, as libSQL reads them.
  return resolve(rest.startsWith("//") ? new URL(url).pathname : rest);
}

/** Opens a database file (which must exist: libSQL would create an empty one) with the server's busy timeout. */
export function openFile(path, { timeout = 5000 } = {}) {
  if (!existsSync(path)) throw new Refusal(`${path}: no such database file`);
  return createClient({ url: `file:${path}`, timeout, concurrency: 1 });
}

/** Refuses a file that is not a sound database of this app: integrity_check must say ok, the migrations present. */
export async function verifyCopy(path) {
  let client;
  try {
    client = openFile(path);
    const integrity = await client.execute("PRAGMA integrity_check");
    const verdict = integrity.rows.map((row) => String(row[0])).join("; ");
    if (verdict !== "ok") throw new Refusal(`${path}: integrity_check failed: ${verdict.slice(0, 300)}`);
    const table = await client.execute({
      sql: "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = ?",
      args: [MIGRATIONS_TABLE],
    });
    if (Number(table.rows[0]?.[0]) !== 1)
      throw new Refusal(`${path}: no ${MIGRATIONS_TABLE} table, not a database of this app`);
    const migrations = await client.execute(`SELECT count(*) FROM ${MIGRATIONS_TABLE}`);
    return { migrations: Number(migrations.rows[0]?.[0]) };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw new Refusal(`${path}: not a readable SQLite database (${error instanceof Error ? error.message : error})`);
  } finally {
    client?.close();
  }
}

/** Flushes a file, or a folder's entries after a rename, to the disk. */
export function syncToDisk(path) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** "12.3 MB" */
export function sizeOf(path) {
  const bytes = statSync(path).size;
  return bytes < 1024 * 1024 ? `${(bytes / 1024).toFixed(1)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** Runs a script's main: a refusal is one line on stderr and exit code 1. */
export async function runScript(main) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
