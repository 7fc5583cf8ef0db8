// Organizations in /app, with JavaScript on and off: create one past its form errors, change a member's role, make a
// team and put the member in it, the switcher, the sole owner who cannot leave, settings, and deletion.
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";

import { arrangeOrganization } from "../../../tests/e2e/arrange";
import { expect, sessionCookie, signInWithRole, sql, stepUpDone, test, uniqueEmail } from "../../../tests/e2e/fixtures";

const uniqueSlug = (testInfo: TestInfo, label: string) =>
  `${label}-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;

/** Puts a user in an organization with a role, as an accepted invitation would (invitations.spec.ts does the real one). */
async function addMember(databaseUrl: string, slug: string, userId: string, role: string) {
  const [organization] = (await sql(databaseUrl, "select id from organization where slug = ?", [slug])).rows;
  await sql(databaseUrl, "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)", [
    randomUUID(),
    String(organization!.id),
    userId,
    role,
    Date.now(),
  ]);
}

async function confirm(page: Page) {
  await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
}

test.describe("organizations", () => {
  test("an owner creates an organization, promotes a member, builds a team, cannot leave alone, and deletes it", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Organizations" })
      .click();
    await expect(page).toHaveURL(/\/app\/organizations$/);
    await expect(page.getByText("You do not belong to any organization yet.")).toBeVisible();

    // Form errors, with what was typed kept.
    const name = page.getByLabel("Name", { exact: true });
    const slug = page.getByLabel("Slug", { exact: true });
    const create = page.getByRole("button", { name: "Create an organization" });
    await create.click();
    await expect(page.getByText("Name is required")).toBeVisible();

    await name.fill("Acme Rockets");
    await slug.fill("Not a slug!");
    await create.click();
    await expect(page.getByText("Use lower-case letters, digits and single hyphens only")).toBeVisible();
    await expect(name).toHaveValue("Acme Rockets");
    await expect(slug).toHaveValue("Not a slug!");

    // A slug in use: the database says so, the form keeps the name.
    const taken = uniqueSlug(testInfo, "taken");
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      randomUUID(),
      "Someone else's",
      taken,
      Date.now(),
    ]);
    await slug.fill(taken);
    await create.click();
    await expect(page.getByText("This organization already exists")).toBeVisible();
    await expect(name).toHaveValue("Acme Rockets");

    const mine = uniqueSlug(testInfo, "acme");
    await slug.fill(mine);
    await create.click();
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${mine}$`));
    await expect(page.getByText("Organization Acme Rockets created")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Acme Rockets" })).toBeVisible();
    // The switcher shows it as the active organization.
    await expect(page.getByLabel("Active organization")).toHaveValue(/.+/);

    // A second person in the organization, as a member.
    const colleagueEmail = uniqueEmail(testInfo, "colleague");
    const colleague = await sessionCookie(app, {
      email: colleagueEmail,
      name: "Cora Colleague",
      role: "user",
    });
    await addMember(app.databaseUrl, mine, colleague.userId, "member");

    await page.getByRole("link", { name: "Members" }).click();
    const members = page.getByRole("list", { name: "Members of the organization" });
    const cora = members.getByRole("listitem").filter({ hasText: "Cora Colleague" });
    await cora.getByLabel("Role of Cora Colleague").selectOption("admin");
    await cora.getByRole("button", { name: "Change role" }).click();
    await expect(page.getByText("Role changed")).toBeVisible();
    await expect(
      members.getByRole("listitem").filter({ hasText: "Cora Colleague" }).getByLabel("Role of Cora Colleague"),
    ).toHaveValue("admin");

    // A team, with the colleague in it.
    await page.getByRole("link", { name: "Teams" }).click();
    await page.getByLabel("Team name").fill("Launch");
    await page.getByRole("button", { name: "Create a team" }).click();
    await expect(page.getByText("Team Launch created")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Launch" })).toBeVisible();
    await page.getByLabel("Member of the organization").selectOption({ label: `Cora Colleague (${colleagueEmail})` });
    await page.getByRole("button", { name: "Add to the team" }).click();
    await expect(page.getByText("Added to the team")).toBeVisible();
    await expect(page.getByRole("list", { name: "Members of the team" }).getByText("Cora Colleague")).toBeVisible();

    // A second team with the same name, whatever the case, is refused.
    await page.getByRole("link", { name: "All teams" }).click();
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${mine}/teams$`));
    // The URL changes before the list replaces the team's page, whose rename field is a "Team name" too.
    const createTeam = page.getByRole("region", { name: "Create a team" });
    await createTeam.getByLabel("Team name").fill("launch");
    await createTeam.getByRole("button", { name: "Create a team" }).click();
    await expect(page.getByText("This team already exists")).toBeVisible();
    await expect(createTeam.getByLabel("Team name")).toHaveValue("launch");

    // The only owner cannot leave.
    await page.getByRole("link", { name: "Overview" }).click();
    await page.getByRole("link", { name: "Leave the organization" }).click();
    await confirm(page);
    await expect(page.getByText("You cannot leave the organization as the only owner")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${mine}$`));

    // Settings: rename; then delete.
    await page.getByRole("link", { name: "Settings" }).click();
    await page.getByLabel("Name", { exact: true }).fill("Acme Rocketry");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Organization updated")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Acme Rocketry" })).toBeVisible();

    await page.getByRole("link", { name: "Delete the organization" }).click();
    await confirm(page);
    await expect(page).toHaveURL(/\/app\/organizations$/);
    await expect(page.getByText("Organization Acme Rocketry deleted")).toBeVisible();
    await expect(page.getByText("You do not belong to any organization yet.")).toBeVisible();
    const left = await sql(app.databaseUrl, "select count(*) as n from member where user_id = ?", [colleague.userId]);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  test("the switcher sets the active organization; a member sees and changes nothing", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    const [me] = (await sql(app.databaseUrl, "select id from user where email = ?", [email])).rows;
    const owner = await sessionCookie(app, { email: uniqueEmail(testInfo, "owner"), name: "Olga Owner", role: "user" });
    const slug = uniqueSlug(testInfo, "guild");
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      randomUUID(),
      "Guild of Makers",
      slug,
      Date.now(),
    ]);
    await addMember(app.databaseUrl, slug, owner.userId, "owner");
    await addMember(app.databaseUrl, slug, String(me!.id), "member");

    // Joined after signing in (no active organization on the session yet): the switcher names the only organization
    // instead of "No organization", and the session takes it as active.
    await page.goto("/app");
    const switcher = page.getByLabel("Active organization");
    await expect(switcher.locator("option:checked")).toHaveText("Guild of Makers");
    await expect(switcher.getByRole("option")).toHaveText(["Guild of Makers"]);
    const active = await sql(app.databaseUrl, "select active_organization_id as id from session where user_id = ?", [
      String(me!.id),
    ]);
    expect(active.rows.map((row) => row.id)).toContain(
      (await sql(app.databaseUrl, "select id from organization where slug = ?", [slug])).rows[0]?.id,
    );
    if (testInfo.project.name === "no-js") {
      await switcher.selectOption({ label: "Guild of Makers" });
      await page.getByRole("button", { name: "Switch" }).click();
    } else {
      await expect(page.getByRole("button", { name: "Switch" })).toHaveCount(0);
      await switcher.selectOption({ label: "Guild of Makers" });
    }
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}$`));
    await expect(page.getByText("Active organization changed")).toBeVisible();
    await expect(page.getByLabel("Active organization")).not.toHaveValue("");

    // A member: no settings, no role changes, no removals, no team creation.
    await expect(page.getByRole("link", { name: "Settings" })).toHaveCount(0);
    await page.getByRole("link", { name: "Members" }).click();
    await expect(page.getByRole("button", { name: "Change role" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Remove" })).toHaveCount(0);
    await page.getByRole("link", { name: "Teams" }).click();
    await expect(page.getByRole("button", { name: "Create a team" })).toHaveCount(0);
    const settings = await page.goto(`/app/organizations/${slug}/settings`);
    expect(settings?.status()).toBe(403);

    // A member may leave.
    await page.goto(`/app/organizations/${slug}`);
    await page.getByRole("link", { name: "Leave the organization" }).click();
    await confirm(page);
    await expect(page).toHaveURL(/\/app\/organizations$/);
    await expect(page.getByText("You left Guild of Makers")).toBeVisible();
    const gone = await page.goto(`/app/organizations/${slug}`);
    expect(gone?.status()).toBe(404);
  });

  test("the sole owner of an organization cannot delete their account, nor can an admin delete them", async ({
    page,
    browser,
    app,
    mail,
  }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    const [me] = (await sql(app.databaseUrl, "select id from user where email = ?", [email])).rows;
    const slug = uniqueSlug(testInfo, "solo");
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      randomUUID(),
      "Solo Ventures",
      slug,
      Date.now(),
    ]);
    await addMember(app.databaseUrl, slug, String(me!.id), "owner");

    await page.goto("/app/account");
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete my account" }).getByRole("button", { name: "Send code" }).click();
    await expect(
      page.getByText(
        "You are the only owner of Solo Ventures. Make someone else an owner, or delete the organization, first.",
      ),
    ).toBeVisible();

    // An admin deleting them from /manager is refused with the organization named too.
    const adminContext = await browser.newContext({
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
      baseURL: app.url,
    });
    const admin = await adminContext.newPage();
    const adminCookie = await sessionCookie(app, {
      email: uniqueEmail(testInfo, "deleting-admin"),
      name: "Dee Admin",
      role: "admin",
    });
    await adminContext.addCookies([
      { name: adminCookie.name, value: adminCookie.value, url: app.url, httpOnly: true, sameSite: "Lax" },
    ]);
    await stepUpDone(app, adminCookie.userId);
    await admin.goto(`/manager/users/${String(me!.id)}`);
    await admin.getByRole("link", { name: "Delete" }).click();
    await admin.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(
      admin.getByText(
        "This user is the only owner of Solo Ventures. Another owner must be named, or the organization deleted, first.",
      ),
    ).toBeVisible();
    expect((await sql(app.databaseUrl, "select id from user where id = ?", [String(me!.id)])).rows).toHaveLength(1);
    await adminContext.close();
  });
});

test.describe("organization pages' layout", () => {
  test("the members list keeps its names and buttons 16 px inside its card, as the invitations list does", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const email = await signInWithRole(page, mail, app, testInfo, "user");
    const { base } = await arrangeOrganization(app, email, `inset-${testInfo.project.name}`);
    await page.goto(`${base}/members`);
    const list = page.getByRole("list", { name: "Members of the organization" });
    const card = (await list.boundingBox())!;
    const row = list.getByRole("listitem").filter({ hasText: "user@example.com" });
    const name = (await row.getByText("User", { exact: true }).boundingBox())!;
    const remove = (await row
      .getByRole("link", { name: "Remove" })
      .or(row.getByRole("button", { name: "Remove" }))
      .boundingBox())!;
    expect(name.x - card.x, "from the card's left border to the name").toBeGreaterThanOrEqual(16);
    expect(
      card.x + card.width - (remove.x + remove.width),
      "from the last button to the right border",
    ).toBeGreaterThanOrEqual(16);
  });
});
