// The job queue in the production server (ADR 046): an invitation acknowledged just before the server is killed
// (kill -9) while the mail server is down is e-mailed after a restart; a server stopped with SIGTERM finishes the send
// it can within its deadline and hands back the other, sent once after a restart; two server processes
// (WEB_CONCURRENCY=2) share 200 queued e-mails, each sent exactly once.
import { randomUUID } from "node:crypto";
import { expect, test } from "@playwright/test";

import { signInOverHttp } from "../support/http-sign-in";
import { SmtpSink } from "../support/smtp-sink";
import { arrangeOrganization } from "./arrange";
import { sql } from "./fixtures";
import { startServer } from "./server";

test("an invitation acknowledged right before kill -9 is e-mailed once the server is back", async () => {
  test.setTimeout(120_000);
  const mail = await new SmtpSink().start();
  let server = await startServer("jobs-kill", { SMTP_URL: mail.url });
  try {
    const owner = "owner-kill@example.test";
    const cookie = await signInOverHttp(server.url, mail, owner);
    await sql(server.databaseUrl, "update user set name = 'Owner', onboarded_at = ? where email = ?", [
      Date.now(),
      owner,
    ]);
    const { base } = await arrangeOrganization(server, owner, "kill");
    await mail.refuse();
    const invitee = "invited-before-kill@example.test";
    const answer = await fetch(`${server.url}${base}/invitations`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
      body: new URLSearchParams({ intent: "invite", email: invitee, role: "member", language: "en" }),
    });
    expect(answer.status).toBe(302);
    process.kill(server.pid, "SIGKILL");
    await server.exited;
    const [row] = (await sql(server.databaseUrl, "select id from invitation where email = ?", [invitee])).rows;
    expect(row).toBeDefined();
    await mail.accept();
    server = await startServer("jobs-kill", { SMTP_URL: mail.url }, { databaseUrl: server.databaseUrl });
    const email = await mail.waitForEmail(invitee, { timeoutMs: 60_000 });
    expect(email.text).toContain(`/invitations/${String(row!.id)}`);
    expect(mail.messagesTo(invitee)).toHaveLength(1);
  } finally {
    await server.stop();
    await mail.stop();
  }
});

test("a server stopped with SIGTERM finishes a slow send in time and hands back one never answered", async () => {
  test.setTimeout(90_000);
  // server/lifecycle.ts: requests and running jobs have 8 s after SIGTERM.
  const SHUTDOWN_DEADLINE_MS = 8_000;
  const mail = await new SmtpSink().start();
  const slow = "server-answered-in-2-s@example.test";
  const unanswered = "server-never-answered@example.test";
  mail.answerAfter(slow, 2_000);
  mail.answerAfter(unanswered, Infinity);
  let server = await startServer("jobs-stop", { SMTP_URL: mail.url });
  const jobsNow = async () =>
    (
      await sql(server.databaseUrl, "select id, state, attempts, holder from job where id like 'stop-%' order by id")
    ).rows.map((row) => ({ id: row.id, state: row.state, attempts: row.attempts, holder: row.holder }));
  try {
    const now = Date.now();
    for (const [id, to] of [
      ["stop-slow", slow],
      ["stop-unanswered", unanswered],
    ])
      await sql(
        server.databaseUrl,
        "insert into job (id, kind, payload, run_at, created_at) values (?, 'email.welcome', ?, ?, ?)",
        [id!, JSON.stringify({ to, name: "Stop", language: "en" }), now, now],
      );
    await expect.poll(async () => (await jobsNow()).map((row) => row.state)).toEqual(["running", "running"]);
    const stoppedAt = Date.now();
    process.kill(server.pid, "SIGTERM");
    expect(await server.exited).toEqual({ code: 0, signal: null });
    const stopMs = Date.now() - stoppedAt;
    // It waited for the unanswered send until the deadline, then handed it back and exited, rather than wait for the
    // mail server (nodemailer gives up after 10 minutes): the upper bound tells the two apart, not a timing.
    expect(stopMs).toBeGreaterThanOrEqual(SHUTDOWN_DEADLINE_MS - 100);
    expect(stopMs).toBeLessThan(60_000);
    expect(await jobsNow()).toEqual([
      { id: "stop-slow", state: "done", attempts: 1, holder: null },
      { id: "stop-unanswered", state: "queued", attempts: 0, holder: null },
    ]);
    expect(mail.messagesTo(slow)).toHaveLength(1);
    expect(mail.messagesTo(unanswered)).toHaveLength(0);

    mail.answerAfter(unanswered, 0);
    server = await startServer("jobs-stop", { SMTP_URL: mail.url }, { databaseUrl: server.databaseUrl });
    await mail.waitForEmail(unanswered, { timeoutMs: 20_000 });
    await expect.poll(async () => (await jobsNow())[1]?.state).toBe("done");
    expect((await jobsNow())[1]).toMatchObject({ attempts: 1 });
    expect(mail.messagesTo(unanswered)).toHaveLength(1);
    expect(mail.messagesTo(slow)).toHaveLength(1);
  } finally {
    await server.stop();
    await mail.stop();
  }
});

test("two server processes send each of 200 queued e-mails exactly once", async () => {
  test.setTimeout(120_000);
  const mail = await new SmtpSink().start();
  const server = await startServer("jobs-two", {
    SMTP_URL: mail.url,
    WEB_CONCURRENCY: "2",
    LOG_FORMAT: "json",
    LOG_LEVEL: "info",
  });
  try {
    // The second process starts once the first listens (server/cluster.ts): both must be polling before the jobs come.
    await expect
      .poll(() => server.logs.join("").includes("2 server processes listening"), { timeout: 20_000 })
      .toBe(true);
    const addresses = Array.from({ length: 200 }, (_, n) => `twice-${n}@example.test`);
    const now = Date.now();
    for (const to of addresses)
      await sql(
        server.databaseUrl,
        "insert into job (id, kind, payload, run_at, created_at) values (?, 'email.welcome', ?, ?, ?)",
        [randomUUID(), JSON.stringify({ to, name: "Once", language: "en" }), now, now],
      );
    const deadline = Date.now() + 90_000;
    while (addresses.some((to) => mail.messagesTo(to).length === 0) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 200));
    await new Promise((done) => setTimeout(done, 1_500));
    expect(addresses.map((to) => mail.messagesTo(to).length).filter((times) => times !== 1)).toEqual([]);
    // One log line per run, from both processes. A run's line follows its e-mail (the job is marked done in between),
    // so the lines are waited for.
    const runs = () =>
      server.logs
        .join("")
        .split("\n")
        .slice(0, -1) // the last line may still be on its way
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line) as { msg: string; pid: number; kind?: string; outcome?: string })
        .filter((line) => line.msg === "job" && line.kind === "email.welcome");
    await expect.poll(() => runs().filter((line) => line.outcome === "done").length).toBe(200);
    expect(runs()).toHaveLength(200);
    expect(new Set(runs().map((line) => line.pid)).size).toBe(2);
  } finally {
    await server.stop();
    await mail.stop();
  }
});
