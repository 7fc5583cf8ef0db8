import { randomUUID } from "node:crypto";
import type { Locator, Page, TestInfo } from "@playwright/test";

import { expect, searchFor, sessionCookie, signInWithRole, sql, test, uniqueEmail } from "../../../tests/e2e/fixtures";

const userList = (page: Page) => page.getByRole("table", { name: "Users" });
const items = (page: Page) =>
  userList(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });

/** A marker no other test uses, to find this test's users among everyone in the worker's database. */
const uniqueMarker = (testInfo: TestInfo, label: string) =>
  `${label}${testInfo.project.name.replace("-", "")}${Math.random().toString(36).slice(2, 8)}`;

async function userIdOf(databaseUrl: string, email: string): Promise<string> {
  return String((await sql(databaseUrl, "select id from user where email = ?", [email])).rows[0]?.id);
}

/** A computed style of an element, or of its `::before`. */
const style = (locator: Locator, property: string, pseudo?: string) =>
  locator.evaluate((element, [name, where]) => getComputedStyle(element, where).getPropertyValue(name!), [
    property,
    pseudo,
  ] as const);

test.describe("the manager's users", () => {
  test("an admin lists, searches and opens users", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager");
    await page.getByRole("link", { name: "Users" }).first().click();
    await expect(page).toHaveURL(/\/manager\/users$/);
    const list = userList(page);
    await expect(list.getByRole("link").first()).toBeVisible();
    // Other tests of this worker add users: the seeded ones are found by a part of their address.
    await searchFor(page, "er@example.c", testInfo);
    await expect(list.getByText("user@example.com")).toBeVisible();
    await expect(list.getByText("admin@example.com")).toHaveCount(0);

    await searchFor(page, "admin@", testInfo);
    await expect(list.getByText("admin@example.com")).toBeVisible();
    await expect(list.getByText("user@example.com")).toHaveCount(0);
    await items(page)
      .filter({ has: page.getByText("admin@example.com", { exact: true }) })
      .getByRole("link")
      .click();
    await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
    await expect(page.getByText("Administrator")).toBeVisible();

    const response = await page.goto("/manager/users/nobody");
    expect(response?.status()).toBe(404);
  });

  test("an admin creates a user past the form's errors, who gets a welcome e-mail in the chosen language, then updates them", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/users");
    await page.getByRole("link", { name: "New user" }).click();
    await expect(page).toHaveURL(/\/manager\/users\/new$/);
    const email = page.getByLabel("E-mail", { exact: true });
    const name = page.getByLabel("Name", { exact: true });
    const role = page.getByLabel("Role", { exact: true });
    const language = page.getByLabel("Language of the welcome e-mail");
    const create = page.getByRole("button", { name: "Create" });
    // The welcome e-mail's language starts on the admin's own.
    await expect(language).toHaveValue("en");

    await create.click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await expect(page.getByText("Name is required")).toBeVisible();

    // An address already used: refused without saying whose, and what was typed stays.
    await email.fill("USER@example.com");
    await name.fill("Nia Newcomer");
    await language.selectOption("sw");
    await create.click();
    await expect(page.getByText("Email already used")).toBeVisible();
    await expect(email).toHaveValue("USER@example.com");
    await expect(name).toHaveValue("Nia Newcomer");
    await expect(language).toHaveValue("sw");

    const address = uniqueEmail(testInfo, "newcomer");
    await email.fill(address);
    await language.selectOption("fr");
    const since = Date.now();
    await create.click();
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
    await expect(page.getByText("User created. A welcome e-mail is on its way.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nia Newcomer" })).toBeVisible();
    await expect(
      page.getByRole("region", { name: "Profile" }).getByText("Onboarding not finished").first(),
    ).toBeVisible();

    const welcome = await mail.waitForEmail(address, { since });
    expect(welcome.raw).toContain("Subject: Bienvenue sur Groundwork");
    expect(welcome.text).toContain("Bonjour Nia Newcomer,");
    expect(welcome.text).toContain(`${app.url}/login`);
    expect(welcome.text).toContain(address);
    expect(welcome.text).toContain("code à 6 chiffres");

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+\/update$/);
    await expect(page.getByRole("heading", { name: "Edit Nia Newcomer" })).toBeVisible();
    await expect(email).toHaveValue(address);
    await expect(role).toHaveValue("user");
    await expect(page.getByLabel("Language of the welcome e-mail")).toHaveCount(0);
    await name.fill("Nia Promoted");
    await role.selectOption("admin");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/manager\/users\/[\w-]+$/);
    await expect(page.getByText("User updated.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Nia Promoted" })).toBeVisible();
    await expect(page.getByText("Administrator")).toBeVisible();
  });

  test("an admin finds users by the middle of their e-mail, sorts them, and loads more", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const marker = uniqueMarker(testInfo, "mid");
    const start = Date.UTC(2025, 0, 1);
    // 25 users whose e-mail holds the marker in its middle; their names run the other way from their addresses.
    const people = Array.from({ length: 25 }, (_, index) => {
      const n = String(index).padStart(2, "0");
      return {
        email: `a${n}.${marker}.x@example.test`,
        name: `Person ${String(24 - index).padStart(2, "0")}`,
        createdAt: start + index * 86_400_000,
      };
    });
    await sql(
      app.databaseUrl,
      `insert into user (id, name, email, email_verified, role, created_at, updated_at) values ${people.map(() => "(?, ?, ?, 1, 'user', ?, ?)").join(", ")}`,
      people.flatMap((person) => [randomUUID(), person.name, person.email, person.createdAt, person.createdAt]),
    );
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/users");
    await searchFor(page, marker.slice(2), testInfo);
    await expect(items(page)).toHaveCount(20);
    await expect(items(page).first()).toContainText(people[0]!.email);
    await expect(items(page).last()).toContainText(people[19]!.email);

    const loadMore = page.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Load more" });
    await loadMore.click();
    if (testInfo.project.name === "js") {
      await expect(items(page)).toHaveCount(25);
      await expect(items(page).last()).toContainText(people[24]!.email);
    } else {
      await expect(page).toHaveURL(/[?&]cursor=/);
      await expect(items(page)).toHaveCount(5);
      await expect(items(page).first()).toContainText(people[20]!.email);
      // The page says which rows these are, and offers the way back to the first ones.
      await expect(page.getByText("These rows come after the first page.")).toBeVisible();
      await page.getByRole("link", { name: "Back to the first page" }).click();
      await expect(page).not.toHaveURL(/cursor=/);
      await expect(page).toHaveURL(new RegExp(`[?&]searchTerm=${marker.slice(2)}`));
      await expect(items(page)).toHaveCount(20);
      await page.getByRole("link", { name: "Load more" }).click();
    }
    await expect(loadMore).toHaveCount(0);

    // Sorting keeps the search and starts from the first page.
    await page.getByRole("link", { name: "Name", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=name&direction=asc/);
    await expect(page).toHaveURL(new RegExp(`[?&]searchTerm=${marker.slice(2)}`));
    await expect(page).not.toHaveURL(/cursor=/);
    await expect(items(page)).toHaveCount(20);
    await expect(items(page).first()).toContainText("Person 00");
    await expect(items(page).first()).toContainText(people[24]!.email);
    await expect(page.getByRole("columnheader", { name: "Name" })).toHaveAttribute("aria-sort", "ascending");
    await expect(page.getByRole("columnheader", { name: "E-mail" })).not.toHaveAttribute("aria-sort");

    await page.getByRole("link", { name: /^Name/ }).click();
    await expect(page).toHaveURL(/[?&]sort=name&direction=desc/);
    await expect(items(page).first()).toContainText("Person 24");

    await page.getByRole("link", { name: "Date created", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=createdAt&direction=desc/);
    await expect(items(page).first()).toContainText(people[24]!.email);
    await expect(items(page).first()).toContainText("Jan 25, 2025");
    await expect(page.getByRole("columnheader", { name: "Date created" })).toHaveAttribute("aria-sort", "descending");

    await page.getByRole("link", { name: "E-mail", exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=email&direction=asc/);
    await expect(items(page).first()).toContainText(people[0]!.email);
  });

  test("a row is a table row from 768 px and a card on a phone, its badges are pills, and a click anywhere on it opens the person", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    // The rows, cells, headers, row link and badges are drawn by utilities of app.css (ADR 035): this is their look.
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/users?searchTerm=admin%40example.com");
    const row = items(page).filter({ has: page.getByText("admin@example.com", { exact: true }) });
    await expect(row).toHaveCount(1);
    const email = row.getByRole("cell").nth(1);
    const badge = row.getByRole("cell").nth(2).locator("span").first();

    expect(await style(row, "display")).toBe("table-row");
    expect(await style(email, "display")).toBe("table-cell");
    expect(await style(email, "border-bottom-width")).toBe("0px"); // the last row has no line below it
    const roleHeader = page.getByRole("columnheader", { name: "Role" });
    expect(await style(roleHeader, "display")).toBe("table-cell");
    expect(await style(roleHeader, "text-transform")).toBe("uppercase");
    expect(await style(roleHeader, "font-size")).toBe("12px");
    expect(await style(email, "content", "::before")).toBe("none");
    expect(await style(badge, "border-radius")).not.toBe("0px");
    expect(await style(badge, "box-shadow")).toContain("inset"); // its ring
    expect(await style(badge, "background-color")).not.toBe(await style(row, "background-color"));

    // The name's link covers its row: a click on the date opens the person.
    const date = row.getByRole("cell").last();
    const box = (await date.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();

    await page.setViewportSize({ width: 375, height: 740 });
    await page.goBack();
    await expect(row).toBeVisible();
    expect(await style(row, "display")).toBe("flex");
    expect(await style(email, "display")).toBe("block");
    // On a phone, each cell but the name says its column's name; a column that does not sort has no header.
    expect(await style(email, "content", "::before")).not.toBe("none");
    await expect(roleHeader).toBeHidden();
    const card = (await row.boundingBox())!;
    await page.mouse.click(card.x + card.width - 8, card.y + card.height - 8);
    await expect(page.getByRole("heading", { name: "Admin" })).toBeVisible();
  });

  test("an admin trying to demote themselves gets the message, and stays an admin", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "admin");
    const id = await userIdOf(app.databaseUrl, email);
    await page.goto(`/manager/users/${id}/update`);
    const role = page.getByLabel("Role", { exact: true });
    await role.selectOption("user");
    await page.getByLabel("Name", { exact: true }).fill("Ada Still Admin");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("You cannot demote yourself")).toBeVisible();
    await expect(role).toHaveValue("user");
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("Ada Still Admin");
    const stored = (await sql(app.databaseUrl, "select name, role from user where id = ?", [id])).rows[0];
    expect(stored).toMatchObject({ name: "Ada Admin", role: "admin" });
    await page.goto("/manager/users");
    await expect(page).toHaveURL(/\/manager\/users$/);
  });

  test("an ordinary user cannot see them", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    const response = await page.goto("/manager/users");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  });

  test("demo mode refuses to create a user", async ({ page, demoApp }, testInfo) => {
    const cookie = await sessionCookie(demoApp, {
      email: uniqueEmail(testInfo, "demo-admin"),
      name: "Demo Admin",
      role: "admin",
    });
    await page
      .context()
      .addCookies([{ name: cookie.name, value: cookie.value, url: demoApp.url, httpOnly: true, sameSite: "Lax" }]);
    const address = uniqueEmail(testInfo, "demo-new");
    await page.goto(`${demoApp.url}/manager/users/new`);
    await page.getByLabel("E-mail", { exact: true }).fill(address);
    await page.getByLabel("Name", { exact: true }).fill("Never Made");
    await page.getByRole("button", { name: "Create" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo Mode" });
    await expect(dialog).toBeVisible();
    expect(
      (await sql(demoApp.databaseUrl, "select count(*) as n from user where email = ?", [address])).rows[0]?.n,
    ).toBe(0);
  });
});
