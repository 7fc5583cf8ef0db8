import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { afterAll, describe, expect, it } from "vitest";

import { tmpDir } from "../../../../tests/support/template-db";
import { openDatabase } from "./client";

// Another process (a second server with WEB_CONCURRENCY > 1, a restore, a script) holds the write lock longer than the
// busy timeout: the write that waited fails with SQLITE_BUSY. What the connection does next must not depend on it.
const BUSY_MS = 100;
const files: string[] = [];
const clients: Client[] = [];

afterAll(() => {
  for (const client of clients) client.close();
  for (const file of files) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

async function open(url: string): Promise<Client> {
  const { client } = await openDatabase(url, undefined, { busyTimeoutMs: BUSY_MS });
  clients.push(client);
  return client;
}

/** A fresh database file with a table `note` and one with a foreign key to it; the app's connection to it. */
async function freshDatabase(): Promise<{ url: string; app: Client }> {
  const file = join(tmpDir, `busy-${randomUUID()}.db`);
  files.push(file);
  const url = `file:${file}`;
  const app = await open(url);
  await app.execute("create table note (id integer primary key, text text not null)");
  await app.execute("create table tag (id integer primary key, note_id integer not null references note(id))");
  return { url, app };
}

/** What a connection opened now sees: the notes another process would read. */
async function committedNotes(url: string): Promise<string[]> {
  const reader = await open(url);
  const { rows } = await reader.execute("select text from note order by id");
  return rows.map((row) => String(row.text));
}

/** The write lock, held by a second connection (another process, as far as SQLite can tell) until it commits. */
async function lockFromAnother(url: string) {
  return (await open(url)).transaction("write");
}

/** Runs `write` on `app` while a second connection holds the write lock, and expects it to fail with SQLITE_BUSY. */
async function failWhileLocked(url: string, write: () => Promise<unknown>) {
  const lock = await lockFromAnother(url);
  await expect(write()).rejects.toMatchObject({ code: "SQLITE_BUSY" });
  await lock.commit();
}

describe("the embedded connection after a write fails with SQLITE_BUSY", () => {
  it("commits the writes that follow: another connection sees them, before and after a close", async () => {
    const { url, app } = await freshDatabase();
    await app.execute("insert into note (text) values ('before')");
    await failWhileLocked(url, () => app.execute("insert into note (text) values ('refused')"));
    for (const text of ["one", "two", "three"])
      await app.execute({ sql: "insert into note (text) values (?)", args: [text] });
    expect(await committedNotes(url)).toEqual(["before", "one", "two", "three"]);
    await app.batch(["insert into note (text) values ('in a batch')"], "write");
    app.close();
    expect(await committedNotes(url)).toEqual(["before", "one", "two", "three", "in a batch"]);
  });

  it("commits the writes that follow a batch that failed", async () => {
    const { url, app } = await freshDatabase();
    await failWhileLocked(url, () => app.batch(["insert into note (text) values ('refused')"], "deferred"));
    await app.execute("insert into note (text) values ('after')");
    expect(await committedNotes(url)).toEqual(["after"]);
  });

  it("commits the writes that follow one that was already waiting for the connection when the first failed", async () => {
    const { url, app } = await freshDatabase();
    const lock = await lockFromAnother(url);
    const refused = app.execute("insert into note (text) values ('refused')");
    const queued = app.execute("insert into note (text) values ('queued too')");
    await expect(refused).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    await expect(queued).rejects.toMatchObject({ code: "SQLITE_BUSY" }); // the lock is still held when its turn comes
    await lock.commit();
    await app.execute("insert into note (text) values ('after')");
    expect(await committedNotes(url)).toEqual(["after"]);
  });

  it("keeps a transaction's connection until it settles, then commits the writes that follow", async () => {
    const { url, app } = await freshDatabase();
    const lock = await lockFromAnother(url);
    const transaction = await app.transaction("deferred");
    await expect(transaction.execute("insert into note (text) values ('refused')")).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    await lock.commit();
    // Still its own connection: it runs, and refuses to commit with the failed statement in progress.
    await transaction.execute("insert into note (text) values ('inside')");
    await expect(transaction.commit()).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    transaction.close();
    await app.execute("insert into note (text) values ('after')");
    expect(await committedNotes(url)).toEqual(["after"]);
  });

  it("replaces the connection before an operation asked for in the same tick as the transaction's end", async () => {
    for (const end of ["rollback", "commit"] as const) {
      const { url, app } = await freshDatabase();
      await app.execute("create temp table marker (x)");
      const lock = await lockFromAnother(url);
      const transaction = await app.transaction("deferred");
      await expect(transaction.execute("insert into note (text) values ('refused')")).rejects.toMatchObject({
        code: "SQLITE_BUSY",
      });
      await lock.commit();
      const ended = transaction[end]().catch(() => {}); // a commit is refused: the failed statement is in progress
      const probe = app.execute("select count(*) as n from sqlite_temp_master where name = 'marker'");
      const write = app.execute("insert into note (text) values ('after')");
      await ended;
      expect(Number((await probe).rows[0]?.n)).toBe(0);
      await write;
      expect(await committedNotes(url)).toEqual(["after"]);
    }
  });

  it("is not held back by a transaction that was abandoned and taken back by a reconnect", async () => {
    const { url, app } = await freshDatabase();
    await app.transaction("deferred"); // never committed, rolled back or closed
    await app.reconnect();
    await failWhileLocked(url, () => app.execute("insert into note (text) values ('refused')"));
    await app.execute("insert into note (text) values ('after')");
    expect(await committedNotes(url)).toEqual(["after"]);
  });

  it("runs the operations waiting behind the failed one on the new connection, never on the old one", async () => {
    const { url, app } = await freshDatabase();
    // A temporary table exists only on the connection that made it: it tells the old connection from a new one.
    await app.execute("create temp table marker (x)");
    const lock = await lockFromAnother(url);
    const refused = app.execute("insert into note (text) values ('refused')");
    const waiting = app.execute("select count(*) as n from sqlite_temp_master where name = 'marker'");
    await expect(refused).rejects.toMatchObject({ code: "SQLITE_BUSY" });
    expect(Number((await waiting).rows[0]?.n)).toBe(0);
    await lock.commit();
  });

  it("gives the new connection the same settings: the memory map and foreign keys", async () => {
    const { url, app } = await freshDatabase();
    const settings = async () => ({
      mmap: Number((await app.execute("pragma mmap_size")).rows[0]?.[0]),
      foreignKeys: Number((await app.execute("pragma foreign_keys")).rows[0]?.[0]),
    });
    const before = await settings();
    expect(before).toEqual({ mmap: 256 * 1024 * 1024, foreignKeys: 1 });
    await failWhileLocked(url, () => app.execute("insert into note (text) values ('refused')"));
    expect(await settings()).toEqual(before);
    await expect(app.execute("insert into tag (note_id) values (42)")).rejects.toMatchObject({
      code: "SQLITE_CONSTRAINT",
    });
  });
});
