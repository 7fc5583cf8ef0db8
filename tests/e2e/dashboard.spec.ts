import type { Page } from "@playwright/test";

import { expect, signInWithRole, sql, test } from "./fixtures";

// The manager's dashboard: real figures from the database, each leading to the list behind it, and the sign-ins of
// the last 30 days as a chart drawn on the server, with a text alternative. With JavaScript and without.

const DAY = 24 * 60 * 60 * 1000;
const number = new Intl.NumberFormat("en-US");
const longDay = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });

async function count(databaseUrl: string, query: string, args: Array<string | number> = []) {
  return Number((await sql(databaseUrl, query, args)).rows[0]?.n);
}

const figure = (page: Page, label: string) =>
  page.getByRole("list", { name: "Figures" }).getByRole("link", { name: new RegExp(`^${label} [\\d,]+$`) });

test.describe("the dashboard", () => {
  test("shows the figures of the database, each a link to the list behind it", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const now = Date.now();
    // A banned user, a user whose ban has ended, and an expired session: only the first counts.
    await sql(
      app.databaseUrl,
      "insert into user (id, name, email, email_verified, banned, ban_expires, created_at, updated_at) values (?, 'Banned', ?, 1, 1, null, ?, ?), (?, 'Was banned', ?, 1, 1, ?, ?, ?)",
      [
        `banned-${testInfo.project.name}`,
        `banned-${testInfo.project.name}@example.test`,
        now - 30 * DAY,
        now,
        `unbanned-${testInfo.project.name}`,
        `unbanned-${testInfo.project.name}@example.test`,
        now - 1000,
        now - 30 * DAY,
        now,
      ],
    );
    const [users, newUsers, banned, sessions, repositories] = [
      await count(app.databaseUrl, "select count(*) as n from user"),
      await count(app.databaseUrl, "select count(*) as n from user where created_at >= ?", [now - 7 * DAY + 60_000]),
      await count(
        app.databaseUrl,
        "select count(*) as n from user where banned = 1 and (ban_expires is null or ban_expires > ?)",
        [now],
      ),
      await count(app.databaseUrl, "select count(*) as n from session where expires_at > ?", [now]),
      await count(app.databaseUrl, "select count(*) as n from repository"),
    ];
    expect(banned).toBeGreaterThanOrEqual(1);

    await page.goto("/manager/dashboard");
    await expect(figure(page, "Users")).toHaveText(new RegExp(` ${number.format(users)}$`));
    await expect(figure(page, "New in the last 7 days")).toHaveText(new RegExp(` ${number.format(newUsers)}$`));
    await expect(figure(page, "Banned")).toHaveText(new RegExp(` ${number.format(banned)}$`));
    await expect(figure(page, "Active sessions")).toHaveText(new RegExp(` ${number.format(sessions)}$`));
    await expect(figure(page, "Repositories")).toHaveText(new RegExp(` ${number.format(repositories)}$`));

    await expect(figure(page, "Users")).toHaveAttribute("href", "/manager/users");
    await expect(figure(page, "New in the last 7 days")).toHaveAttribute(
      "href",
      "/manager/users?sort=createdAt&direction=desc",
    );
    await expect(figure(page, "Banned")).toHaveAttribute("href", "/manager/audit?action=user.banned");
    await expect(figure(page, "Repositories")).toHaveAttribute("href", "/manager/repositories");
    await figure(page, "Repositories").click();
    await expect(page).toHaveURL(/\/manager\/repositories$/);
    await page.goto("/manager/dashboard");
    await page.getByRole("link", { name: "See the sign-ins in the audit trail" }).click();
    await expect(page).toHaveURL(/\/manager\/audit\?action=sign-in&outcome=success$/);
    await expect(page.getByLabel("Action", { exact: true })).toHaveValue("sign-in");
  });

  test("draws the sign-ins per UTC day, with their text alternative", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    // Five successful sign-ins and two refusals on the day four days ago (UTC), at noon.
    const dayStart = Math.floor(Date.now() / DAY) * DAY - 4 * DAY;
    for (let index = 0; index < 7; index++)
      await sql(
        app.databaseUrl,
        "insert into audit_event (at, action, outcome, ip) values (?, 'sign-in', ?, '192.0.2.99')",
        [dayStart + 12 * 60 * 60 * 1000 + index, index < 5 ? "success" : "refused"],
      );
    const signInsOn = (start: number) =>
      count(
        app.databaseUrl,
        "select count(*) as n from audit_event where action = 'sign-in' and outcome = 'success' and at >= ? and at < ?",
        [start, start + DAY],
      );
    const chartStart = Math.floor(Date.now() / DAY) * DAY - 29 * DAY;
    const perDay = await Promise.all(Array.from({ length: 30 }, (_, index) => signInsOn(chartStart + index * DAY)));
    const total = perDay.reduce((sum, value) => sum + value, 0);
    const most = Math.max(...perDay);
    const busiest = chartStart + perDay.indexOf(most) * DAY;
    expect(perDay[25]).toBeGreaterThanOrEqual(5);

    await page.goto("/manager/dashboard");
    const summary =
      `Sign-ins from ${longDay.format(chartStart)} to ${longDay.format(chartStart + 29 * DAY)}: ${number.format(total)}. ` +
      `Busiest day: ${longDay.format(busiest)}, with ${number.format(most)}.`;
    const chart = page.getByRole("img", { name: "Sign-ins per day" });
    await expect(chart).toBeVisible();
    await expect(chart).toHaveAccessibleDescription(summary);
    await expect(page.getByRole("figure", { name: summary })).toBeVisible();
    // One bar per day.
    await expect(chart.locator("rect")).toHaveCount(30);

    // The figures as a table, behind a disclosure that opens without JavaScript.
    const table = page.getByRole("table", { name: "Sign-ins per day" });
    await expect(table).toBeHidden();
    await page.getByText("Show the figures").click();
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(31);
    const row = table.getByRole("row", { name: longDay.format(dayStart) });
    await expect(row.getByRole("cell")).toHaveText(number.format(perDay[25]!));
    await expect(table.getByRole("row").nth(1).getByRole("rowheader")).toHaveText(longDay.format(chartStart));
  });
});

test.describe("the dashboard on a phone", () => {
  test("shows the figures two by two, and the chart's labels at a readable size", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/dashboard");
    const users = (await figure(page, "Users").boundingBox())!;
    const newUsers = (await figure(page, "New in the last 7 days").boundingBox())!;
    expect(Math.abs(users.y - newUsers.y), "two figures side by side").toBeLessThanOrEqual(1);
    const chart = page.getByRole("img", { name: "Sign-ins per day" });
    const heights = await chart.locator("text").evaluateAll((texts) =>
      texts.map((element) => {
        const text = element as SVGTextElement;
        return text.getBBox().height * text.ownerSVGElement!.getScreenCTM()!.a;
      }),
    );
    expect(heights.length).toBeGreaterThan(0);
    for (const height of heights) expect(height, "a label's rendered height, in CSS pixels").toBeGreaterThanOrEqual(11);
  });
});
