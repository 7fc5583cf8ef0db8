import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Client } from "@libsql/client";
import Database from "libsql";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { client as appClient, openDatabase } from "./client";
import { CACHED_STATEMENTS } from "./statement-cache";

const folder = mkdtempSync(join(tmpdir(), "statement-cache-"));
let client: Client;

beforeAll(async () => {
  ({ client } = await openDatabase(`file:${join(folder, "cache.db")}`));
  await client.execute("create table item (id integer primary key, name text not null unique)");
  await client.execute("insert into item (id, name) values (1, 'one'), (2, 'two')");
});
afterAll(() => {
  client.close();
  rmSync(folder, { recursive: true, force: true });
});
afterEach(() => {
  vi.restoreAllMocks();
});

const names = async (sql: string, args: (string | number)[] = []) =>
  (await client.execute({ sql, args })).rows.map((row) => row.name);

describe("the kept statements of the embedded driver (ADR 038)", () => {
  it("hand the app's client the statement it prepared before for the same SQL", async () => {
    const prepare = vi.spyOn(Database.prototype, "prepare");
    await appClient.execute("select 40 + 2 as answer");
    await appClient.execute("select 40 + 2 as answer");
    await appClient.execute("select 41 + 2 as answer");
    expect(prepare).toHaveBeenCalledTimes(3);
    const [first, second, other] = prepare.mock.results.map((result) => result.value);
    expect(second).toBe(first);
    expect(other).not.toBe(first);
  });

  it("run with the parameters of each execute", async () => {
    const sql = "select name from item where id = ?";
    expect(await names(sql, [1])).toEqual(["one"]);
    expect(await names(sql, [2])).toEqual(["two"]);
    expect(await names(sql, [3])).toEqual([]);
    expect(await names(sql, [1])).toEqual(["one"]);
  });

  it("read every row again, also after a read that stopped at none", async () => {
    const sql = "select name from item where id >= ? order by id";
    expect(await names(sql, [9])).toEqual([]);
    expect(await names(sql, [1])).toEqual(["one", "two"]);
    expect(await names(sql, [1])).toEqual(["one", "two"]);
  });

  it("keep working after a run that failed", async () => {
    const sql = "insert into item (id, name) values (?, ?)";
    await expect(client.execute({ sql, args: [3, "one"] })).rejects.toMatchObject({
      code: expect.stringContaining("SQLITE_CONSTRAINT"),
    });
    const inserted = await client.execute({ sql, args: [3, "three"] });
    expect(inserted.rowsAffected).toBe(1);
    expect(await names("select name from item where id = ?", [3])).toEqual(["three"]);
  });

  it("follow a change of the schema under them", async () => {
    await client.execute("create table note (body text)");
    await client.execute("insert into note (body) values ('a')");
    const all = "select * from note";
    expect((await client.execute(all)).columns).toEqual(["body"]);
    await client.execute("alter table note add column author text");
    await client.execute("insert into note (body, author) values ('b', 'ann')");
    const after = await client.execute(all);
    expect(after.columns).toEqual(["body", "author"]);
    expect(after.rows.map((row) => [row.body, row.author])).toEqual([
      ["a", null],
      ["b", "ann"],
    ]);
    // A script (several statements at once) too.
    await client.executeMultiple("alter table note add column topic text; update note set topic = 'x';");
    expect((await client.execute(all)).columns).toEqual(["body", "author", "topic"]);
    await client.execute("drop table note");
    await expect(client.execute(all)).rejects.toMatchObject({ code: expect.stringContaining("SQLITE_ERROR") });
  });

  it("prepare a pragma or a schema change each time", async () => {
    const prepare = vi.spyOn(Database.prototype, "prepare");
    await client.execute("PRAGMA foreign_keys");
    await client.execute("PRAGMA foreign_keys");
    await client.execute("create table if not exists other (id integer)");
    await client.execute("create table if not exists other (id integer)");
    const [pragma, pragmaAgain, create, createAgain] = prepare.mock.results.map((result) => result.value);
    expect(pragmaAgain).not.toBe(pragma);
    expect(createAgain).not.toBe(create);
  });

  it("keep at most CACHED_STATEMENTS per connection, the least recently used leaving first", async () => {
    const prepare = vi.spyOn(Database.prototype, "prepare");
    const statementOf = async (sql: string) => {
      await client.execute(sql);
      return prepare.mock.results.at(-1)!.value as unknown;
    };
    const oldest = await statementOf("select 'oldest'");
    const used = await statementOf("select 'used'");
    for (let index = 0; index < CACHED_STATEMENTS - 2; index++) await client.execute(`select ${index}`);
    // Full now: using the oldest moves it to the end, so the next new statement pushes out the one after it.
    expect(await statementOf("select 'oldest'")).toBe(oldest);
    await client.execute("select 'one more'");
    expect(await statementOf("select 'oldest'")).toBe(oldest);
    expect(await statementOf("select 'used'")).not.toBe(used);
  });

  it("let a closed connection go: its client refuses to run", async () => {
    const { client: other } = await openDatabase(`file:${join(folder, "closed.db")}`);
    await other.execute("select 1");
    other.close();
    await expect(other.execute("select 1")).rejects.toThrow();
  });
});
