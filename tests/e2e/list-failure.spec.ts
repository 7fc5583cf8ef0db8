// A list that cannot be read shows its error and Retry inside the page, with JavaScript on and off: the navigation and
// the search stay usable, and Retry reads the list again (docs/product.md, "Data list"). The failure is real: the
// list's table is renamed away in the worker's database file for the length of the test.
import { arrangeOrganization } from "./arrange";
import { expect, signInWithRole, sql, test } from "./fixtures";

test("a list that fails to load offers Retry, and the rest of the page works", async ({
  page,
  mail,
  app,
}, testInfo) => {
  await signInWithRole(page, mail, app, testInfo, "user");
  await sql(app.databaseUrl, 'alter table "repository" rename to "repository_away"');
  let away = true;
  try {
    await page.goto("/app/repositories");
    await expect(page.getByRole("heading", { level: 1, name: "Repositories" })).toBeVisible();
    await expect(page.getByText("The list could not be loaded.")).toBeVisible();
    await expect(page.getByRole("searchbox")).toBeVisible();
    await expect(page.getByRole("table", { name: "Repositories" })).toHaveCount(0);

    await sql(app.databaseUrl, 'alter table "repository_away" rename to "repository"');
    away = false;
    // With JavaScript Retry reads the page's data again; without it, it is a link to the same address.
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    await page.getByRole(javaScript ? "button" : "link", { name: "Retry" }).click();
    await expect(page.getByRole("table", { name: "Repositories" })).toBeVisible();
    await expect(page.getByText("The list could not be loaded.")).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/repositories$/);
  } finally {
    if (away) await sql(app.databaseUrl, 'alter table "repository_away" rename to "repository"');
  }
});

test("an organization's invitations that fail to load offer Retry, and the invite form stays", async ({
  page,
  mail,
  app,
}, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "user");
  const { base } = await arrangeOrganization(app, email, "lf");
  await sql(app.databaseUrl, 'alter table "invitation" rename to "invitation_away"');
  let away = true;
  try {
    await page.goto(`${base}/invitations`);
    await expect(page.getByText("The list could not be loaded.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: /e-mail/i })).toBeVisible();
    await expect(page.getByText("invitee-lf@example.test")).toHaveCount(0);

    await sql(app.databaseUrl, 'alter table "invitation_away" rename to "invitation"');
    away = false;
    const javaScript = testInfo.project.use.javaScriptEnabled !== false;
    await page.getByRole(javaScript ? "button" : "link", { name: "Retry" }).click();
    await expect(page.getByText("invitee-lf@example.test")).toBeVisible();
    await expect(page.getByText("The list could not be loaded.")).toHaveCount(0);
  } finally {
    if (away) await sql(app.databaseUrl, 'alter table "invitation_away" rename to "invitation"');
  }
});
