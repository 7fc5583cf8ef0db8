import { randomUUID } from "node:crypto";

import { expect, signInWithRole, sql, test } from "./fixtures";

// /manager/jobs (ADR 046): the counts, a failed job with its last error and attempts, retrying it once its cause is
// gone (the e-mail arrives, sent by the server's own worker), discarding one, each confirmed and audited; the
// dashboard names the failed jobs. With JavaScript and without.

/** A welcome e-mail that failed its fifteen attempts while the mail server was down. */
async function failedWelcome(databaseUrl: string, to: string) {
  const id = randomUUID();
  const now = Date.now();
  await sql(
    databaseUrl,
    "insert into job (id, kind, payload, state, attempts, run_at, last_error, created_at, finished_at) values (?, 'email.welcome', ?, 'failed', 15, ?, 'connect ECONNREFUSED 127.0.0.1:2525', ?, ?)",
    [id, JSON.stringify({ to, name: "Wel Come", language: "en" }), now, now, now],
  );
  return id;
}

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

  await page.goto("/manager/dashboard");
  await page.getByRole("link", { name: /^Failed jobs: \d+$/ }).click();
  await expect(page.getByRole("heading", { name: "Background jobs", level: 1 })).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Jobs by kind and state" }).getByRole("rowheader", { name: "email.welcome" }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Schedules" }).getByRole("rowheader", { name: "prune.audit-trail" }),
  ).toBeVisible();
  const failed = page.getByRole("region", { name: "Failed jobs" });
  await expect(failed.getByText("connect ECONNREFUSED 127.0.0.1:2525").first()).toBeVisible();
  await expect(failed.getByText("15 of 15").first()).toBeVisible();

  // Each failed job's Retry and Discard lead to a confirmation (a dialog, or a page without JavaScript).
  const since = Date.now();
  await page.goto(`/manager/jobs?modal=retry-${retryId}`);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The job is queued again.")).toBeVisible();
  expect((await mail.waitForEmail(retried, { since, timeoutMs: 15_000 })).text).toContain("Wel Come");

  await page.goto(`/manager/jobs?modal=discard-${discardId}`);
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("The job was discarded.")).toBeVisible();
  expect((await sql(app.databaseUrl, "select count(*) as n from job where id = ?", [discardId])).rows[0]?.n).toBe(0);

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
