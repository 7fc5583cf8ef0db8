import { randomUUID } from "node:crypto";

import { expect, hydrates, signInWithRole, sql, test } from "../../../tests/e2e/fixtures";

// /manager/jobs (ADR 046): the counts, a failed job with its last error and attempts, retrying it once its cause is
// gone (the e-mail arrives, sent by the server's own worker), discarding one, each through its own button and confirmed,
// and audited; a schedule's last and next run; the dashboard names the failed jobs. With JavaScript and without.

/** A welcome e-mail that failed its fifteen attempts: the mail server refused its address, which the error names. */
async function failedWelcome(databaseUrl: string, to: string) {
  const id = randomUUID();
  const now = Date.now();
  await sql(
    databaseUrl,
    "insert into job (id, kind, payload, state, attempts, run_at, last_error, created_at, finished_at) values (?, 'email.welcome', ?, 'failed', 15, ?, ?, ?, ?)",
    [
      id,
      JSON.stringify({ to, name: "Wel Come", language: "en" }),
      now,
      `Can't send mail - all recipients were rejected: 450 4.2.0 <${to}>: Mailbox unavailable`,
      now,
      now,
    ],
  );
  return id;
}

/** As the page shows a time: in English, in UTC (app/lib/format.ts). */
const shownTime = (value: number) =>
  new Intl.DateTimeFormat("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
    timeZone: "UTC",
    timeZoneName: "short",
  }).format(new Date(value));

test("an administrator sees a failed job, retries it (the e-mail goes) and discards another", async ({
  page,
  mail,
  app,
}, testInfo) => {
  const admin = await signInWithRole(page, mail, app, testInfo, "admin");
  const project = testInfo.project.name;
  const retried = `retried-${project}-${Date.now()}@example.test`;
  const discarded = `discarded-${project}-${Date.now()}@example.test`;
  const retryId = await failedWelcome(app.databaseUrl, retried);
  const discardId = await failedWelcome(app.databaseUrl, discarded);

  // A schedule whose period has come: this server's worker queues and runs it, and records the run.
  const lastRun = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  await sql(app.databaseUrl, "update job_schedule set next_run_at = ? where name = 'prune.rate-limits'", [lastRun]);

  await page.goto("/manager/dashboard");
  await page.getByRole("link", { name: /^Failed jobs: \d+$/ }).click();
  await expect(page.getByRole("heading", { name: "Background jobs", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Jobs by kind and state" }).getByRole("rowheader", { name: "email.welcome" }),
  ).toBeVisible();
  const failed = page.getByRole("region", { name: "Failed jobs" });
  const retriedCard = failed.getByRole("listitem").filter({ hasText: retried });
  const discardedCard = failed.getByRole("listitem").filter({ hasText: discarded });
  await expect(retriedCard.getByText("Mailbox unavailable")).toBeVisible();
  await expect(retriedCard.getByText("15 of 15")).toBeVisible();

  // Retry, then Discard, as a person does: the job's own button, then Confirm (a dialog, or a page without JavaScript).
  await hydrates(page);
  const since = Date.now();
  await retriedCard.getByRole("link", { name: "Retry" }).click();
  const retryDialog = page.getByRole("dialog");
  await expect(retryDialog).toContainText("Run this email.welcome job again");
  await retryDialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The job is queued again.")).toBeVisible();
  await expect(retriedCard).toHaveCount(0);
  expect((await mail.waitForEmail(retried, { since, timeoutMs: 15_000 })).text).toContain("Wel Come");

  await hydrates(page);
  await discardedCard.getByRole("link", { name: "Discard" }).click();
  const discardDialog = page.getByRole("dialog");
  await expect(discardDialog).toContainText("Discard this email.welcome job?");
  await discardDialog.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The job was discarded.")).toBeVisible();
  await expect(discardedCard).toHaveCount(0);
  expect((await sql(app.databaseUrl, "select count(*) as n from job where id = ?", [discardId])).rows[0]?.n).toBe(0);

  // The schedule's run: when it ran, how it ended, and when it runs next (the next quarter hour). A quarter hour
  // come meanwhile is a later run of its own, which the page then shows.
  await expect
    .poll(
      async () =>
        (
          await sql(app.databaseUrl, "select state from job where id = ?", [
            `prune.rate-limits@${new Date(lastRun).toISOString()}`,
          ])
        ).rows[0]?.state,
    )
    .toBe("done");
  await expect
    .poll(
      async () =>
        (
          await sql(
            app.databaseUrl,
            "select job.state from job_schedule join job on job.id = job_schedule.last_job_id where name = 'prune.rate-limits'",
          )
        ).rows[0]?.state,
    )
    .toBe("done");
  const [schedule] = (
    await sql(app.databaseUrl, "select last_run_at, next_run_at from job_schedule where name = 'prune.rate-limits'")
  ).rows;
  const ranAt = Number(schedule?.last_run_at);
  // This test's period, or a quarter hour after it.
  expect(ranAt === lastRun || (ranAt > lastRun && ranAt % (15 * 60_000) === 0), String(ranAt)).toBe(true);
  expect(Number(schedule?.next_run_at)).toBeGreaterThan(Date.now());
  await page.reload();
  const scheduleRow = page
    .getByRole("region", { name: "Schedules" })
    .getByRole("row")
    .filter({ has: page.getByRole("rowheader", { name: "prune.rate-limits" }) });
  await expect(scheduleRow.getByRole("cell")).toHaveText([
    "*/15 * * * *",
    shownTime(ranAt),
    "Done",
    shownTime(Number(schedule!.next_run_at)),
  ]);

  const audited = await sql(
    app.databaseUrl,
    "select action, target_id from audit_event where actor_label = ? and action like 'job.%' order by id",
    [admin],
  );
  expect(audited.rows.map((row) => [row.action, row.target_id])).toEqual([
    ["job.retried", retryId],
    ["job.discarded", discardId],
  ]);
});
