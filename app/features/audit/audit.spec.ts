import type { Page, TestInfo } from "@playwright/test";

import { expectDate, fillDate } from "../../../tests/e2e/date-field";
import {
  enterCode,
  expect,
  hydrates,
  requestCode,
  signIn,
  signInWithRole,
  signOutFromMenu,
  sql,
  test,
  uniqueEmail,
} from "../../../tests/e2e/fixtures";

// The audit trail as people make it and read it: a person signs in (after a wrong code) and out, an admin creates,
// renames and deletes a repository, GitHub signs someone in; the admin finds each of those events on /manager/audit,
// filters them by action, actor and date range, and loads more. With JavaScript and without.

const entries = (page: Page) => page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");

/** Fills the filter form as a person would, and sends it (a GET form: the filters land in the URL). */
async function filter(
  page: Page,
  fields: { actor?: string; target?: string; action?: string; outcome?: string; from?: string; to?: string },
) {
  await hydrates(page);
  const form = page.getByRole("form", { name: "Filter the audit trail" });
  await form.getByLabel("Actor", { exact: true }).fill(fields.actor ?? "");
  await form.getByLabel("Target", { exact: true }).fill(fields.target ?? "");
  await form.getByLabel("Action", { exact: true }).selectOption({ label: fields.action ?? "All actions" });
  await form.getByLabel("Outcome", { exact: true }).selectOption({ label: fields.outcome ?? "All outcomes" });
  await fillDate(page, form, "From", fields.from ?? "");
  await fillDate(page, form, "To", fields.to ?? "");
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/\/manager\/audit\?/);
}

const uniqueName = (testInfo: TestInfo, label: string) =>
  `zz-audit-${label}-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;

test.describe("the audit trail", () => {
  test("a sign-in after a wrong code, and the sign-out, are in the trail", async ({ page, mail, app }, testInfo) => {
    const email = uniqueEmail(testInfo, "audited");
    const since = Date.now();
    await requestCode(page, email);
    const code = await mail.waitForCode(email, { since });
    await enterCode(page, code === "000000" ? "111111" : "000000");
    await expect(page.getByText("Code is invalid")).toBeVisible();
    await enterCode(page, code);
    await page.waitForURL(/\/onboarding/);
    await page.getByLabel("What is your name?").fill("Audrey Audited");
    await page.getByRole("button", { name: "Continue" }).click();
    await page.waitForURL(/\/app/);
    await signOutFromMenu(page);
    await page.waitForURL(/\/login/);

    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Audit trail" }).click();
    await expect(page.getByRole("heading", { name: "Audit trail", level: 1 })).toBeVisible();

    // Everything about the person: the refusal has no actor, so it is found by its target.
    await filter(page, { target: email });
    await expect(entries(page)).toHaveCount(3);
    await expect(entries(page).nth(0)).toContainText("Sign-out");
    await expect(entries(page).nth(1)).toContainText("Sign-in");
    await expect(entries(page).nth(1)).toContainText("Success");
    await expect(entries(page).nth(2)).toContainText("Refused: wrong code");
    await expect(entries(page).nth(2)).toContainText("Anonymous");

    // What they did, then only their sign-outs.
    await filter(page, { actor: email.toUpperCase() });
    await expect(entries(page)).toHaveCount(2);
    await filter(page, { actor: email, action: "Sign-out" });
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Sign-out");
    const userId = String((await sql(app.databaseUrl, "select id from user where email = ?", [email])).rows[0]?.id);
    // The actor links to their page while they exist.
    await expect(entries(page).first().getByRole("link", { name: email }).first()).toHaveAttribute(
      "href",
      `/manager/users/${userId}`,
    );
    // Refused attempts only.
    await filter(page, { target: email, outcome: "Refused" });
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Refused: wrong code");
  });

  test("an admin's repository changes are in the trail, newest first", async ({ page, mail, app }, testInfo) => {
    const admin = await signInWithRole(page, mail, app, testInfo, "admin");
    const name = uniqueName(testInfo, "repo");
    await page.goto("/manager/repositories/new");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Link", { exact: true }).fill("example.com/audited");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Repository created.")).toBeVisible();
    await page.getByRole("link", { name: "Edit" }).click();
    await page.getByLabel("Name", { exact: true }).fill(`${name}-renamed`);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Repository updated.")).toBeVisible();
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Repository deleted.")).toBeVisible();

    await page.goto("/manager/audit");
    await filter(page, { actor: admin });
    await expect(entries(page)).toHaveCount(3);
    await expect(entries(page).nth(0)).toContainText("Repository deleted");
    await expect(entries(page).nth(0)).toContainText(`${name}-renamed`);
    await expect(entries(page).nth(1)).toContainText("Repository updated");
    await expect(entries(page).nth(1)).toContainText(`${name}-renamed`);
    await expect(entries(page).nth(2)).toContainText("Repository created");
    await expect(entries(page).nth(2)).toContainText(name);
    // The repository is gone: its name is no longer a link.
    await expect(entries(page).nth(2).getByRole("link", { name })).toHaveCount(0);

    await filter(page, { actor: admin, action: "Repository created" });
    await expect(entries(page)).toHaveCount(1);
    // Found by the name it had, too.
    await filter(page, { target: `${name}-renamed` });
    await expect(entries(page)).toHaveCount(2);
  });

  test("filters by a date range, both days included, and loads more", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const actor = `${uniqueName(testInfo, "dated")}@example.test`;
    // 30 sign-outs of one actor, at noon UTC (the same calendar day in every zone from UTC-11 to UTC+11): 12 on
    // 10 January 2025, 10 on the 11th, 8 on the 12th, written in time order as the trail is.
    const days = [
      ...Array.from({ length: 12 }, () => "2025-01-10"),
      ...Array.from({ length: 10 }, () => "2025-01-11"),
      ...Array.from({ length: 8 }, () => "2025-01-12"),
    ];
    for (const [index, day] of days.entries())
      await sql(
        app.databaseUrl,
        "insert into audit_event (at, action, outcome, actor_label, ip) values (?, 'sign-out', 'success', ?, '192.0.2.9')",
        [Date.parse(`${day}T12:00:00Z`) + index * 1000, actor],
      );

    await page.goto("/manager/audit");
    await filter(page, { actor, from: "2025-01-11", to: "2025-01-11" });
    await expect(entries(page)).toHaveCount(10);
    await filter(page, { actor, from: "2025-01-11" });
    await expect(entries(page)).toHaveCount(18);
    await filter(page, { actor, to: "2025-01-10" });
    await expect(entries(page)).toHaveCount(12);
    await filter(page, { actor, from: "2025-01-13", to: "2025-02-01" });
    await expect(page.getByText("No entry matches these filters.")).toBeVisible();
    await filter(page, { actor, from: "2025-01-12", to: "2025-01-10" });
    await expect(page.getByText("The start date is after the end date: no entry can match.")).toBeVisible();

    // 30 entries: a page of 25, then the 5 oldest.
    await filter(page, { actor });
    await expect(entries(page)).toHaveCount(25);
    await expect(entries(page).first()).toContainText("Jan 12, 2025");
    await page.getByRole(testInfo.project.name === "no-js" ? "link" : "button", { name: "Load more" }).click();
    if (testInfo.project.name === "no-js") {
      // Without JavaScript the next page replaces this one, with a way back.
      await expect(entries(page)).toHaveCount(5);
      await expect(page.getByRole("link", { name: "Back to the first page" })).toBeVisible();
    } else {
      await expect(entries(page)).toHaveCount(30);
    }
    await expect(entries(page).last()).toContainText("Jan 10, 2025");
    await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
  });

  test("an entry's details are words and dates of the page's language, not the recorded JSON", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const target = `${uniqueName(testInfo, "detailed")}@example.test`;
    const at = Date.parse("2026-01-05T12:00:00Z");
    const recorded: Array<[action: string, details: Record<string, string>]> = [
      ["user.banned", { reason: "Spam", until: "2026-11-30T23:59:59.091Z" }],
      ["session.revoked", { session: "ibmnbgs6WP…" }],
    ];
    for (const [index, [action, details]] of recorded.entries())
      await sql(
        app.databaseUrl,
        "insert into audit_event (at, action, outcome, target_type, target_label, details) values (?, ?, 'success', 'user', ?, ?)",
        [at + index, action, target, JSON.stringify(details)],
      );
    await page.goto("/manager/audit");
    await filter(page, { target });
    await expect(entries(page)).toHaveCount(2);
    const ban = entries(page).filter({ hasText: "User banned" });
    await expect(ban).toContainText("Until: Nov 30, 2026, 11:59:59 PM");
    await expect(ban).toContainText("Reason: Spam");
    await expect(ban).not.toContainText("2026-11-30T");
    await expect(entries(page).filter({ hasText: "Session revoked" })).toContainText("Session: ibmnbgs6WP…");

    await page.goto(`${page.url()}&lng=fr`);
    await expect(page.getByRole("main")).toContainText("Jusqu’au : 30 nov. 2026");
    await page.goto("/manager/audit?lng=en");
  });

  test("a filter that is not one of ours is ignored, never an error", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const response = await page.goto("/manager/audit?from=someday&to=2025-02-30&action=drop&outcome=maybe&tz=Mars");
    expect(response?.status()).toBe(200);
    await expect(page.getByText("A date could not be read and was ignored.")).toBeVisible();
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("");
    await expectDate(page, "From", "");
  });

  test("a GitHub sign-in is in the trail", async ({ page, mail, app, github }, testInfo) => {
    const email = uniqueEmail(testInfo, "gh-audit");
    github.user = {
      id: 7000 + testInfo.workerIndex * 100 + Math.floor(Math.random() * 99),
      login: "octo-audit",
      name: "Octo Audit",
      email,
    };
    await page.goto("/login");
    await page.getByRole("button", { name: "GitHub" }).click();
    await page.getByRole("button", { name: "Authorize" }).click();
    await expect(page).toHaveURL(/\/onboarding/);
    await page.context().clearCookies();

    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/audit");
    await filter(page, { actor: email, action: "Sign-in" });
    await expect(entries(page)).toHaveCount(1);
    await expect(entries(page).first()).toContainText("Method: GitHub");
  });

  test("only admins read the trail", async ({ page, mail }, testInfo) => {
    await signIn(page, mail, uniqueEmail(testInfo, "curious"));
    const response = await page.goto("/manager/audit");
    expect(response?.status()).toBe(403);
    await expect(page.getByText("You do not have access to this page")).toBeVisible();
  });
});
