import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";

import { enterCode, expect, searchFor, signInWithRole, sql, test } from "../../../tests/e2e/fixtures";

/** A name no other test uses; "zz-" keeps it after the seeded repositories in the name order. */
const uniqueName = (testInfo: TestInfo, label: string) =>
  `zz-${label}-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;

const repositoryList = (page: Page) => page.getByRole("table", { name: "Repositories" });
/** The repositories' rows (the header row aside). */
const repositoryRows = (page: Page) =>
  repositoryList(page)
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
/** The link of one repository's row, by its exact name (the row also shows the link). */
const listLink = (page: Page, name: string) =>
  repositoryRows(page)
    .filter({ has: page.getByText(name, { exact: true }) })
    .getByRole("link");

async function repositoryId(databaseUrl: string, name: string): Promise<string | undefined> {
  const result = await sql(databaseUrl, "select id from repository where name = ?", [name]);
  return result.rows[0]?.id as string | undefined;
}

async function countNamed(databaseUrl: string, name: string): Promise<number> {
  const result = await sql(databaseUrl, "select count(*) as n from repository where name_key = lower(?)", [name]);
  return Number(result.rows[0]?.n);
}

test.describe("repositories", () => {
  test("an admin creates a repository past every form error, finds it, edits it and deletes it", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/repositories");
    await page.getByRole("link", { name: "New repository" }).click();
    await expect(page).toHaveURL(/\/manager\/repositories\/new$/);
    const name = page.getByLabel("Name", { exact: true });
    const link = page.getByLabel("Link", { exact: true });
    const description = page.getByLabel("Description", { exact: true });
    const create = page.getByRole("button", { name: "Create" });

    await create.click();
    await expect(page.getByText("Name is required")).toBeVisible();
    await expect(page.getByText("Link is required")).toBeVisible();

    await name.fill("X");
    await link.fill("abc");
    await create.click();
    await expect(page.getByText("Invalid link, must be at least 4 characters")).toBeVisible();
    await expect(page.getByText("Name is required")).toBeHidden();
    await expect(name).toHaveValue("X");
    await expect(link).toHaveValue("abc");

    await link.fill("abcd");
    await create.click();
    await expect(page.getByText("Invalid link, must contain at least a dot")).toBeVisible();
    await expect(link).toHaveValue("abcd");

    await name.fill("React-Router");
    await link.fill("github.com/someone/react-router");
    await description.fill("A second router, refused.");
    await create.click();
    await expect(page.getByText("Name already used")).toBeVisible();
    await expect(name).toHaveValue("React-Router");
    await expect(link).toHaveValue("github.com/someone/react-router");
    await expect(description).toHaveValue("A second router, refused.");
    expect(await countNamed(app.databaseUrl, "react-router")).toBe(1);

    const repositoryName = uniqueName(testInfo, "admin");
    await name.fill(repositoryName);
    await description.fill("Made by the admin journey.");
    await create.click();
    await expect(page).toHaveURL(/\/manager\/repositories\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Repository created.")).toBeVisible();
    await expect(page.getByRole("heading", { name: repositoryName })).toBeVisible();
    await expect(page.getByRole("link", { name: "github.com/someone/react-router" })).toHaveAttribute(
      "href",
      "https://github.com/someone/react-router",
    );

    await page.getByRole("link", { name: "Back to repositories" }).click();
    await expect(page).toHaveURL(/\/manager\/repositories$/);
    await searchFor(page, repositoryName, testInfo);
    await expect(repositoryRows(page)).toHaveCount(1);
    await listLink(page, repositoryName).click();
    await expect(page.getByRole("heading", { name: repositoryName })).toBeVisible();

    await page.getByRole("link", { name: "Edit" }).click();
    await expect(page).toHaveURL(/\/update$/);
    await expect(name).toHaveValue(repositoryName);
    await description.fill("Edited by the admin journey.");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/manager\/repositories\/[0-9a-f-]{36}$/);
    await expect(page.getByText("Repository updated.")).toBeVisible();
    await expect(page.getByText("Edited by the admin journey.")).toBeVisible();

    await page.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText(`The repository ${repositoryName} will be deleted.`)).toBeVisible();
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole("heading", { name: repositoryName })).toBeVisible();
    expect(await countNamed(app.databaseUrl, repositoryName)).toBe(1);

    await page.getByRole("link", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/manager\/repositories$/);
    await expect(page.getByText("Repository deleted.")).toBeVisible();
    expect(await countNamed(app.databaseUrl, repositoryName)).toBe(0);
    await searchFor(page, repositoryName, testInfo);
    await expect(page.getByText(`No results for "${repositoryName}"`)).toBeVisible();
  });

  test("a user reads the list and a detail, and is refused every change, forged or not", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/repositories");
    await expect(page.getByRole("heading", { name: "Repositories" })).toBeVisible();
    for (const seeded of ["better-auth", "drizzle-orm", "groundwork", "libsql", "react-router", "tailwindcss"]) {
      await expect(listLink(page, seeded)).toBeVisible();
    }
    await expect(page.getByRole("link", { name: "New repository" })).toHaveCount(0);

    await listLink(page, "libsql").click();
    await expect(page).toHaveURL(/\/app\/repositories\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "libsql" })).toBeVisible();
    await expect(page.getByRole("link", { name: "https://github.com/tursodatabase/libsql" })).toHaveAttribute(
      "href",
      "https://github.com/tursodatabase/libsql",
    );
    await expect(page.getByRole("link", { name: "Edit" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);

    const libsqlId = await repositoryId(app.databaseUrl, "libsql");
    expect(libsqlId).toBeTruthy();

    for (const path of [
      "/manager/repositories/new",
      `/manager/repositories/${libsqlId}/update`,
      `/manager/repositories/${libsqlId}`,
    ]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByText("You do not have access to this page")).toBeVisible();
    }

    // Forged posts from this very site (the origin check passes): the permission guard of the action refuses them.
    const forgedName = uniqueName(testInfo, "forged");
    const headers = { Origin: app.url };
    const created = await page.request.post("/manager/repositories/new", {
      headers,
      form: { name: forgedName, link: "github.com/forged/repo", description: "" },
    });
    expect(created.status()).toBe(403);
    expect(await created.text()).toContain("You do not have access to this page");
    expect(await countNamed(app.databaseUrl, forgedName)).toBe(0);

    const deleted = await page.request.post(`/manager/repositories/${libsqlId}`, {
      headers,
      form: { intent: "delete" },
    });
    expect(deleted.status()).toBe(403);
    expect(await repositoryId(app.databaseUrl, "libsql")).toBe(libsqlId);

    const updated = await page.request.post(`/manager/repositories/${libsqlId}/update`, {
      headers,
      form: { name: forgedName, link: "github.com/forged/repo", description: "" },
    });
    expect(updated.status()).toBe(403);
    expect(await repositoryId(app.databaseUrl, "libsql")).toBe(libsqlId);
    expect(await countNamed(app.databaseUrl, forgedName)).toBe(0);
  });

  test("an unknown repository is the area's 404 page", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    for (const path of ["/manager/repositories/does-not-exist", "/manager/repositories/does-not-exist/update"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByText("This page cannot be found")).toBeVisible();
      // Inside the manager layout: its navigation is still there.
      await expect(
        page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Repositories" }),
      ).toBeVisible();
    }
    const response = await page.goto("/app/repositories/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This page cannot be found")).toBeVisible();
  });

  test("a user gets 404 for an unknown repository", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    const response = await page.goto("/app/repositories/does-not-exist");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("This page cannot be found")).toBeVisible();
    await expect(
      page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Repositories" }),
    ).toBeVisible();

    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/app/repositories/does-not-exist");
    await expect(page.getByText("This page cannot be found"), "the 404 shows on a narrow screen too").toBeVisible();
  });

  test("the detail page of the user area asks for a larger screen below 768 px", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    const libsqlId = await repositoryId(app.databaseUrl, "libsql");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/app/repositories/${libsqlId}`);
    await expect(page.getByRole("heading", { name: "A larger screen is needed" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "libsql" })).toBeHidden();
    await page.getByRole("link", { name: "Back to repositories" }).click();
    await expect(page).toHaveURL(/\/app\/repositories$/);
    await expect(listLink(page, "libsql")).toBeVisible();

    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`/app/repositories/${libsqlId}`);
    await expect(page.getByRole("heading", { name: "libsql" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "A larger screen is needed" })).toBeHidden();
  });

  test("a javascript: link is shown as text, never as a link", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const repositoryName = uniqueName(testInfo, "script");
    await page.goto("/manager/repositories/new");
    await page.getByLabel("Name", { exact: true }).fill(repositoryName);
    await page.getByLabel("Link", { exact: true }).fill("javascript:alert(1).x");
    await page.getByRole("button", { name: "Create" }).click();
    await expect(page.getByText("Repository created.")).toBeVisible();
    await expect(page.getByRole("heading", { name: repositoryName })).toBeVisible();
    await expect(page.getByText("javascript:alert(1).x", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "javascript:alert(1).x" })).toHaveCount(0);

    await page.goto(`/app/repositories/${await repositoryId(app.databaseUrl, repositoryName)}`);
    await expect(page.getByRole("heading", { name: repositoryName })).toBeVisible();
    await expect(page.getByText("javascript:alert(1).x", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "javascript:alert(1).x" })).toHaveCount(0);
  });

  test("the list shows 20 repositories, then more on Load more", async ({ page, mail, app }, testInfo) => {
    const prefix = uniqueName(testInfo, "pager");
    const now = Date.now();
    const rows = Array.from({ length: 25 }, (_, index) => `${prefix}-${String(index).padStart(2, "0")}`);
    await sql(
      app.databaseUrl,
      `insert into repository (id, name, name_key, link, description, created_at, updated_at) values ${rows.map(() => "(?, ?, lower(?), ?, '', ?, ?)").join(", ")}`,
      rows.flatMap((name) => [randomUUID(), name, name, `github.com/pager/${name}`, now, now]),
    );
    await signInWithRole(page, mail, app, testInfo, "user");
    const items = repositoryRows(page);

    await page.goto("/app/repositories");
    await expect(items).toHaveCount(20);
    await expect(
      page.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Load more" }),
    ).toBeVisible();

    await page.goto(`/app/repositories?searchTerm=${prefix}`);
    await expect(items).toHaveCount(20);
    await expect(items.first()).toContainText(rows[0]!);
    await expect(items.last()).toContainText(rows[19]!);
    if (testInfo.project.name === "js") {
      await page.getByRole("button", { name: "Load more" }).click();
      await expect(items).toHaveCount(25);
      await expect(items.nth(20)).toContainText(rows[20]!);
      await expect(items.last()).toContainText(rows[24]!);
      await expect(page.getByRole("button", { name: "Load more" })).toHaveCount(0);
    } else {
      await page.getByRole("link", { name: "Load more" }).click();
      await expect(page).toHaveURL(/[?&]cursor=/);
      await expect(items).toHaveCount(5);
      await expect(items.first()).toContainText(rows[20]!);
      await expect(items.last()).toContainText(rows[24]!);
      await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
      await page.getByRole("link", { name: "Back to the first page" }).click();
      await expect(items).toHaveCount(20);
      await expect(items.first()).toContainText(rows[0]!);
    }
  });

  test("demo mode refuses to create a repository", async ({ page, demoApp }, testInfo) => {
    // The demo admin's code requests count against the per-address limit (3 in 10 minutes), shared with the other
    // demo specs on this worker's server: start this sign-in with a clean count.
    await sql(demoApp.databaseUrl, "delete from rate_limit_counter where key = 'send-code:email:admin@example.com'");
    await page.goto(`${demoApp.url}/login`);
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await enterCode(page, "000000");
    await expect(page).toHaveURL(/\/manager\/dashboard$/);

    const repositoryName = uniqueName(testInfo, "demo");
    await page.goto(`${demoApp.url}/manager/repositories/new`);
    await page.getByLabel("Name", { exact: true }).fill(repositoryName);
    await page.getByLabel("Link", { exact: true }).fill("github.com/demo/repo");
    await page.getByRole("button", { name: "Create" }).click();
    const dialog = page.getByRole("dialog", { name: "Demo Mode" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("This is a read-only demo, this action is disabled.")).toBeVisible();
    expect(await countNamed(demoApp.databaseUrl, repositoryName)).toBe(0);
  });
});
