import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import { createClient } from "@libsql/client/sqlite3";
import { afterAll, describe, expect, it } from "vitest";

import { tmpDir } from "../../../../tests/support/template-db";
import { reopenAfterBusy } from "./busy";
import { KEPT_STATEMENTS, openFileClient } from "./kept-statements";

// The hazards that had statement keeping rejected once (ADR 038), one test each after the first: every one of them
// fails on a cache that keeps a statement per SQL text for the client's lifetime (ADR 054).
const BUSY_MS = 100;
const files: string[] = [];
const clients: Client[] = [];

afterAll(() => {
  for (const client of clients) client.close();
  for (const file of files) for (const suffix of ["", "-wal", "-shm"]) rmSync(file + suffix, { force: true });
});

/** The app's embedded connection as openDatabase makes it, on a fresh file with a table `note`. */
async function freshDatabase() {
  const file = join(tmpDir, `kept-${randomUUID()}.db`);
  files.push(file);
  const url = `file:${file}`;
  const kept = openFileClient(url, { timeout: BUSY_MS });
  const app = reopenAfterBusy(kept, ["PRAGMA journal_mode = WAL", "PRAGMA foreign_keys = ON"]);
  clients.push(app);
  await app.execute("create table note (id integer primary key, text text)");
  return { url, app, kept };
}

/** Another process, as far as SQLite can tell: the library's own client, which keeps nothing. */
function other(url: string): Client {
  const client = createClient({ url });
  clients.push(client);
  return client;
}

async function committedNotes(url: string): Promise<string[]> {
  const { rows } = await other(url).execute("select text from note order by id");
  return rows.map((row) => String(row.text));
}

const insert = (text: string) => ({ sql: "insert into note (text) values (?)", args: [text] });

describe("statements kept on the embedded connection", () => {
  it("reuses a statement: the same SQL again prepares nothing new", async () => {
    const { app, kept } = await freshDatabase();
    await app.execute(insert("one"));
    const before = kept.keptStatements;
    await app.execute(insert("two"));
    expect(kept.keptStatements).toBe(before);
    expect((await app.execute("select text from note order by id")).rows.map((row) => row.text)).toEqual([
      "one",
      "two",
    ]);
  });

  it("never runs again a statement refused with SQLITE_BUSY: the writes that follow are committed", async () => {
    const { url, app } = await freshDatabase();
    await app.execute(insert("before"));
    const lock = await other(url).transaction("write");
    // Left half-run by the driver, it holds its connection's transaction open until it is reset or finalized.
    await expect(app.execute("insert into note (text) values ('refused')")).rejects.toMatchObject({
      code: "SQLITE_BUSY",
    });
    await lock.commit();
    for (const text of ["one", "two", "three"]) await app.execute(insert(text));
    expect(await committedNotes(url)).toEqual(["before", "one", "two", "three"]);
    app.close();
    expect(await committedNotes(url)).toEqual(["before", "one", "two", "three"]);
  });

  it("binds NULL, never the previous run's value, to a placeholder given no argument", async () => {
    const { app } = await freshDatabase();
    const sql = "select ? as a, ? as b";
    expect((await app.execute({ sql, args: [1, "secret"] })).rows[0]).toMatchObject({ a: 1, b: "secret" });
    expect((await app.execute({ sql, args: [2] })).rows[0]).toMatchObject({ a: 2, b: null });
    expect((await app.execute({ sql, args: [3] })).rows[0]).toMatchObject({ a: 3, b: null });
  });

  it("keeps nothing across a reconnect or a close", async () => {
    const { app, kept } = await freshDatabase();
    await app.execute("create temp table marker (x)");
    await app.execute(insert("one"));
    await app.execute("select count(*) as n from temp.marker");
    await app.reconnect();
    expect(kept.keptStatements).toBe(0);
    // The temporary table was the old connection's: a statement prepared on it would still find it.
    await expect(app.execute("select count(*) as n from temp.marker")).rejects.toThrow(/no such table/);
    await app.execute(insert("two"));
    app.close();
    expect(kept.keptStatements).toBe(0);
    await expect(app.execute(insert("three"))).rejects.toMatchObject({ code: "CLIENT_CLOSED" });
  });

  it("answers with the schema as it is after this connection changes it, and after a rollback undoes a change", async () => {
    const { app } = await freshDatabase();
    await app.execute(insert("one"));
    const columns = async (on: Pick<Client, "execute"> = app) => (await on.execute("select * from note")).columns;
    expect(await columns()).toEqual(["id", "text"]);
    await app.migrate(["alter table note add column size integer"]);
    expect(await columns()).toEqual(["id", "text", "size"]);
    await app.executeMultiple("alter table note drop column size; alter table note add column tone text;");
    expect(await columns()).toEqual(["id", "text", "tone"]);
    const transaction = await app.transaction("write");
    await transaction.execute("alter table note add column mood text");
    expect(await columns(transaction)).toEqual(["id", "text", "tone", "mood"]);
    await transaction.rollback();
    expect(await columns()).toEqual(["id", "text", "tone"]);
    expect((await app.execute("select * from note")).rows[0]).toMatchObject({ text: "one", tone: null });
  });

  it("answers with the schema as it is after another connection changes it", async () => {
    const { url, app } = await freshDatabase();
    await app.execute(insert("one"));
    expect((await app.execute("select * from note")).columns).toEqual(["id", "text"]);
    await other(url).execute("alter table note add column size integer default 7");
    const { columns, rows } = await app.execute("select * from note");
    expect(columns).toEqual(["id", "text", "size"]);
    expect(rows[0]).toMatchObject({ text: "one", size: 7 });
  });

  it(`keeps at most ${KEPT_STATEMENTS} statements, and still answers those it dropped`, async () => {
    const { app, kept } = await freshDatabase();
    for (let i = 0; i < KEPT_STATEMENTS * 3; i++) await app.execute(`select ${i} as n`);
    expect(kept.keptStatements).toBeLessThanOrEqual(KEPT_STATEMENTS);
    expect((await app.execute("select 0 as n")).rows[0]).toMatchObject({ n: 0 });
  });
});
