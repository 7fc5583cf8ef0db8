// The job queue across instances (ADR 046): two app instances on one libSQL server (sqld) share 200 queued e-mails,
// each sent exactly once, and a schedule's period, come three times, is run once each time however many instances
// see it come. Every check but the row counts speaks HTTP or SMTP to the production build.
import { randomUUID } from "node:crypto";
import { createClient } from "@libsql/client";
import { expect, test } from "@playwright/test";

import { startServer } from "../e2e/server";
import { SmtpSink } from "../support/smtp-sink";
import { startSqld } from "../support/sqld";

const pause = (ms: number) => new Promise((done) => setTimeout(done, ms));

test("two instances on sqld: 200 jobs each run once, and a schedule once per period", async () => {
  const sqld = await startSqld();
  const client = createClient({ url: sqld.url });
  const mail = await new SmtpSink().start();
  const env = { SMTP_URL: mail.url };
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

    // Three periods of the rate-limit pruning come (its next run moved to now): each is run once.
    for (let period = 1; period <= 3; period++) {
      const due = Date.now() - period * 1000;
      await client.execute({
        sql: "update job_schedule set next_run_at = ? where name = 'prune.rate-limits'",
        args: [due],
      });
      const id = `prune.rate-limits@${new Date(due).toISOString()}`;
      for (let wait = 0; wait < 100; wait++) {
        const { rows } = await client.execute({ sql: "select state from job where id = ?", args: [id] });
        if (rows[0]?.state === "done") break;
        await pause(100);
      }
      const { rows } = await client.execute({ sql: "select state, attempts from job where id = ?", args: [id] });
      expect(rows.map((row) => [row.state, row.attempts])).toEqual([["done", 1]]);
    }
    const { rows } = await client.execute(
      "select count(*) as runs from job where kind = 'prune.rate-limits' and id like 'prune.rate-limits@%'",
    );
    expect(Number(rows[0]?.runs)).toBe(3);
    for (const server of [a, b]) expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  } finally {
    await Promise.all([a.stop(), b.stop()]);
    client.close();
    await mail.stop();
    await sqld.stop();
  }
});
