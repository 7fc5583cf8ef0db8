// The job queue across instances (ADR 046): two app instances on one libSQL server (sqld) share 200 queued e-mails,
// each sent exactly once, and a schedule's period, come three times, is run once each time however many instances
// see it come; the same with each instance reading from an embedded replica of its own (ADR 050). Every check but the
// row counts speaks HTTP or SMTP to the production build.
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { join, resolve } from "node:path";
import { createClient, type Client } from "@libsql/client";
import { expect, test } from "@playwright/test";

import { startServer, type TestServer } from "../e2e/server";
import { SmtpSink } from "../support/smtp-sink";
import { startSqld } from "../support/sqld";

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

/**
 * Three periods of the schedule `name` come (its next run moved to now), while both instances poll: each runs once.
 * The schedule's own period (its cron, a whole minute) may also have come since the servers started: once too.
 */
async function expectEachPeriodRunOnce(client: Client, name: string, servers: TestServer[], since: number) {
  const ours: string[] = [];
  for (let period = 1; period <= 3; period++) {
    const due = Date.now() - period * 1000;
    await client.execute({ sql: "update job_schedule set next_run_at = ? where name = ?", args: [due, name] });
    const id = `${name}@${new Date(due).toISOString()}`;
    ours.push(id);
    for (let wait = 0; wait < 100; wait++) {
      const { rows } = await client.execute({ sql: "select state from job where id = ?", args: [id] });
      if (rows[0]?.state === "done") break;
      await pause(100);
    }
    const { rows } = await client.execute({ sql: "select state, attempts from job where id = ?", args: [id] });
    expect(rows.map((row) => [row.state, row.attempts])).toEqual([["done", 1]]);
  }
  // Two polls of each instance and more: a second run of a period would have been queued by now.
  await pause(2_500);
  const { rows } = await client.execute({
    sql: "select id from job where kind = ? and id like ?",
    args: [name, `${name}@%`],
  });
  const ids = rows.map((row) => String(row.id));
  const scheduled = ids.filter((id) => !ours.includes(id));
  // Any other run is a period of the cron come since the servers started: a whole minute, once (the id is the key).
  for (const id of scheduled) {
    const at = Date.parse(id.slice(name.length + 1));
    expect(at % 60_000, id).toBe(0);
    expect(at, id).toBeGreaterThan(since);
    expect(at, id).toBeLessThanOrEqual(Date.now());
  }
  expect(ids.filter((id) => ours.includes(id)).sort()).toEqual([...ours].sort());
  // And the instances' logs say which runs they made (one line per run, ADR 046): one line for each, no more.
  const runs = servers.flatMap((server) =>
    server.logs
      .join("")
      .split("\n")
      .filter((line) => line.includes(`: job {"kind":"${name}"`)),
  );
  expect(runs).toHaveLength(ids.length);
  for (const id of ids)
    expect(
      runs.filter((line) => line.includes(`"id":"${id}"`)),
      id,
    ).toHaveLength(1);
}

test("two instances on sqld: 200 jobs each run once, and a schedule once per period", async () => {
  const sqld = await startSqld();
  const client = createClient({ url: sqld.url });
  const mail = await new SmtpSink().start();
  // At "info", each job run is a line of the log.
  const env = { SMTP_URL: mail.url, LOG_LEVEL: "info" };
  const since = Date.now();
  // The first prepares the database; the second starts on it.
  const a = await startServer("jobs-a", env, { databaseUrl: sqld.url });
  const b = await startServer("jobs-b", env, { databaseUrl: sqld.url });
  try {
    const addresses = Array.from({ length: 200 }, (_, n) => `instances-${n}@example.test`);
    const now = Date.now();
    for (const to of addresses)
      await client.execute({
        sql: "insert into job (id, kind, payload, run_at, created_at) values (?, 'email.welcome', ?, ?, ?)",
        args: [randomUUID(), JSON.stringify({ to, name: "Once", language: "en" }), now, now],
      });
    const deadline = Date.now() + 120_000;
    while (addresses.some((to) => mail.messagesTo(to).length === 0) && Date.now() < deadline) await pause(200);
    await pause(1_500);
    expect(addresses.map((to) => mail.messagesTo(to).length).filter((times) => times !== 1)).toEqual([]);

    await expectEachPeriodRunOnce(client, "prune.rate-limits", [a, b], since);
    for (const server of [a, b]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    client.close();
    await mail.stop();
    await sqld.stop();
  }
});

test("two instances on two replicas of one sqld: the audit-trail pruning runs once per period", async () => {
  const sqld = await startSqld();
  const client = createClient({ url: sqld.url });
  const mail = await new SmtpSink().start();
  const since = Date.now();
  const files = ["a", "b"].map((name) => join(resolve("tests/.tmp"), `jobs-replica-${randomUUID()}-${name}.db`));
  // The first prepares the primary; each reads from a replica file of its own.
  const a = await startServer(
    "jobs-replica-a",
    { SMTP_URL: mail.url, LOG_LEVEL: "info", DATABASE_REPLICA_FILE: files[0]! },
    { databaseUrl: sqld.url },
  );
  const b = await startServer(
    "jobs-replica-b",
    { SMTP_URL: mail.url, LOG_LEVEL: "info", DATABASE_REPLICA_FILE: files[1]! },
    { databaseUrl: sqld.url },
  );
  try {
    // An event older than the retention (180 days by default), which the first period's run deletes.
    const old = Date.now() - 200 * 24 * 60 * 60 * 1000;
    await client.execute({
      sql: "insert into audit_event (at, action, outcome) values (?, 'sign-in', 'success')",
      args: [old],
    });
    await expectEachPeriodRunOnce(client, "prune.audit-trail", [a, b], since);
    const { rows } = await client.execute({
      sql: "select count(*) as kept from audit_event where at = ?",
      args: [old],
    });
    expect(Number(rows[0]?.kept)).toBe(0);
    for (const server of [a, b]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    client.close();
    await mail.stop();
    await sqld.stop();
    for (const file of files)
      for (const suffix of ["", "-wal", "-shm", "-info", "-client_wal_index"]) rmSync(file + suffix, { force: true });
  }
});
