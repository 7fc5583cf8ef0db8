import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";

import { expect, searchFor, signInWithRole, sql, test } from "../../../tests/e2e/fixtures";

// Organizations in the manager, as a site admin who belongs to none of them uses it: the list, a search on a name or
// a slug, an organization's members, teams and pending invitations, "Load more" on a long member list, and the
// deletion (confirmed first) that takes everything of the organization with it and lands in the audit trail. An
// ordinary user is refused, forged POST included. With JavaScript and without.

const organizationList = (page: Page) => page.getByRole("table", { name: "Organizations" });

/** A marker no other test uses, in lower case: names and slugs of this test's organizations hold it. */
const uniqueMarker = (testInfo: TestInfo) =>
  `${testInfo.project.name.replace("-", "")}${Math.random().toString(36).slice(2, 8)}`;

type Arranged = { id: string; slug: string; name: string; ownerId: string; sessionId: string };

/**
 * An organization as better-auth's plugin would leave it, written with SQL: an owner (with a session that has it as
 * active), `members` people in all (two at least), two teams, pending invitations (one expired) and an accepted one.
 */
async function arrangeOrganization(
  databaseUrl: string,
  { name, slug, members = 3 }: { name: string; slug: string; members?: number },
): Promise<Arranged> {
  const now = Date.now();
  const id = randomUUID();
  await sql(databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    id,
    name,
    slug,
    now,
  ]);
  const people = Array.from({ length: members }, (_, index) => ({
    id: randomUUID(),
    name: index === 0 ? "Olive Owner" : `Member ${String(index).padStart(2, "0")}`,
    email: `${slug}-${String(index).padStart(2, "0")}@example.test`,
    role: index === 0 ? "owner" : index === 1 ? "admin" : "member",
    joinedAt: now - (members - index) * 1000,
  }));
  await sql(
    databaseUrl,
    `insert into user (id, name, email, email_verified, role, onboarded_at, created_at, updated_at) values ${people
      .map(() => "(?, ?, ?, 1, 'user', ?, ?, ?)")
      .join(", ")}`,
    people.flatMap((person) => [person.id, person.name, person.email, now, now, now]),
  );
  await sql(
    databaseUrl,
    `insert into member (id, organization_id, user_id, role, created_at) values ${people.map(() => "(?, ?, ?, ?, ?)").join(", ")}`,
    people.flatMap((person) => [randomUUID(), id, person.id, person.role, person.joinedAt]),
  );
  const [engineering, design] = [randomUUID(), randomUUID()];
  await sql(
    databaseUrl,
    "insert into team (id, name, organization_id, created_at) values (?, 'Engineering', ?, ?), (?, 'Design', ?, ?)",
    [engineering, id, now, design, id, now],
  );
  await sql(
    databaseUrl,
    "insert into team_member (id, team_id, user_id, created_at) values (?, ?, ?, ?), (?, ?, ?, ?)",
    [randomUUID(), engineering, people[0]!.id, now, randomUUID(), engineering, people[1]!.id, now],
  );
  const invitation = (email: string, status: string, expiresAt: number) => [
    randomUUID(),
    id,
    email,
    "member",
    status,
    expiresAt,
    now,
    people[0]!.id,
  ];
  await sql(
    databaseUrl,
    "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id) values (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?), (?, ?, ?, ?, ?, ?, ?, ?)",
    [
      ...invitation(`${slug}-guest@example.test`, "pending", now + 48 * 3_600_000),
      ...invitation(`${slug}-late@example.test`, "pending", now - 3_600_000),
      ...invitation(`${slug}-accepted@example.test`, "accepted", now + 48 * 3_600_000),
    ],
  );
  const sessionId = randomUUID();
  await sql(
    databaseUrl,
    "insert into session (id, token, user_id, expires_at, created_at, updated_at, active_organization_id, active_team_id) values (?, ?, ?, ?, ?, ?, ?, ?)",
    [sessionId, randomUUID(), people[0]!.id, now + 3_600_000, now, now, id, engineering],
  );
  return { id, slug, name, ownerId: people[0]!.id, sessionId };
}

/** How many rows of each of better-auth's tables still belong to the organization. */
async function leftOf(databaseUrl: string, organizationId: string) {
  const count = async (statement: string) =>
    Number((await sql(databaseUrl, statement, [organizationId])).rows[0]?.n ?? 0);
  return {
    organization: await count("select count(*) as n from organization where id = ?"),
    members: await count("select count(*) as n from member where organization_id = ?"),
    invitations: await count("select count(*) as n from invitation where organization_id = ?"),
    teams: await count("select count(*) as n from team where organization_id = ?"),
    teamMembers: await count(
      "select count(*) as n from team_member where team_id in (select id from team where organization_id = ?)",
    ),
    activeSessions: await count("select count(*) as n from session where active_organization_id = ?"),
  };
}

test.describe("the manager's organizations", () => {
  test("an admin lists and searches them, opens one, deletes it after confirming, and finds it in the trail", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const marker = uniqueMarker(testInfo);
    const orbit = await arrangeOrganization(app.databaseUrl, { name: `Orbit ${marker}`, slug: `orbit-${marker}` });
    const nebula = await arrangeOrganization(app.databaseUrl, {
      name: `Nebula ${marker}`,
      slug: `nebula-${marker}`,
      members: 2,
    });
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page
      .getByRole("navigation", { name: "Main navigation" })
      .getByRole("link", { name: "Organizations" })
      .click();
    await expect(page).toHaveURL(/\/manager\/organizations$/);
    await expect(page.getByRole("heading", { name: "Organizations", level: 1 })).toBeVisible();
    await expect(organizationList(page).getByRole("link").first()).toBeVisible();

    // Both, by a part of their names; then one by its slug only, and by its name in another case.
    await searchFor(page, marker, testInfo);
    const items = organizationList(page)
      .getByRole("row")
      .filter({ has: page.getByRole("cell") });
    await expect(items).toHaveCount(2);
    await expect(items.nth(0)).toContainText(nebula.name);
    await expect(items.nth(1)).toContainText(orbit.name);
    await expect(items.nth(1).getByRole("cell").nth(2)).toHaveText("3");
    await searchFor(page, `t-${marker}`, testInfo);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(orbit.slug);
    await searchFor(page, `ORBIT ${marker.toUpperCase()}`, testInfo);
    await expect(items).toHaveCount(1);
    await searchFor(page, `nothing-${marker}`, testInfo);
    await expect(page.getByText(`No results for "nothing-${marker}"`)).toBeVisible();

    await searchFor(page, marker, testInfo);
    await organizationList(page)
      .getByRole("link", { name: new RegExp(orbit.name) })
      .click();
    await expect(page).toHaveURL(new RegExp(`/manager/organizations/${orbit.id}$`));
    await expect(page.getByRole("heading", { name: orbit.name, level: 1 })).toBeVisible();
    const members = page.getByRole("list", { name: "Members of the organization" }).getByRole("listitem");
    await expect(members).toHaveCount(3);
    await expect(members.nth(0)).toContainText("Olive Owner");
    await expect(members.nth(0)).toContainText(`${orbit.slug}-00@example.test`);
    await expect(members.nth(0)).toContainText("Owner");
    await expect(members.nth(1)).toContainText("Admin");
    await expect(members.nth(0).getByRole("link", { name: "Olive Owner" })).toHaveAttribute(
      "href",
      `/manager/users/${orbit.ownerId}`,
    );
    const teams = page.getByRole("list", { name: "Teams of the organization" }).getByRole("listitem");
    await expect(teams).toHaveCount(2);
    await expect(teams.nth(0)).toContainText("Design");
    await expect(teams.nth(0)).toContainText("Members: 0");
    await expect(teams.nth(1)).toContainText("Engineering");
    await expect(teams.nth(1)).toContainText("Members: 2");
    // Pending only: neither the expired invitation nor the accepted one.
    const invitations = page
      .getByRole("list", { name: "Pending invitations of the organization" })
      .getByRole("listitem");
    await expect(invitations).toHaveCount(1);
    await expect(invitations.first()).toContainText(`${orbit.slug}-guest@example.test`);
    await expect(invitations.first()).toContainText("Invited by Olive Owner");
    await expect(invitations.first()).toContainText("Member");

    // Cancel first: nothing changes.
    await page.getByRole("link", { name: "Delete the organization" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText(`${orbit.name} will be deleted with its members, teams and invitations.`);
    await dialog.getByRole("link", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    expect((await leftOf(app.databaseUrl, orbit.id)).organization).toBe(1);

    await page.getByRole("link", { name: "Delete the organization" }).click();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/manager\/organizations$/);
    await expect(page.getByText(`Organization ${orbit.name} deleted`)).toBeVisible();
    expect(await leftOf(app.databaseUrl, orbit.id)).toEqual({
      organization: 0,
      members: 0,
      invitations: 0,
      teams: 0,
      teamMembers: 0,
      activeSessions: 0,
    });
    const ownerSession = await sql(
      app.databaseUrl,
      "select active_organization_id, active_team_id from session where id = ?",
      [orbit.sessionId],
    );
    expect(ownerSession.rows[0]).toMatchObject({ active_organization_id: null, active_team_id: null });
    // The people stay, and so does the other organization.
    expect((await sql(app.databaseUrl, "select id from user where id = ?", [orbit.ownerId])).rows).toHaveLength(1);
    expect((await leftOf(app.databaseUrl, nebula.id)).organization).toBe(1);
    await searchFor(page, marker, testInfo);
    await expect(items).toHaveCount(1);
    await expect(items.first()).toContainText(nebula.name);

    // Gone is a 404.
    const gone = await page.goto(`/manager/organizations/${orbit.id}`);
    expect(gone?.status()).toBe(404);

    // The trail says who deleted what.
    await page.goto(`/manager/audit?target=${orbit.slug}`);
    const entries = page.getByRole("list", { name: "Audit entries" }).getByRole("listitem");
    await expect(entries).toHaveCount(1);
    await expect(entries.first()).toContainText("Organization deleted");
    await expect(entries.first()).toContainText(orbit.slug);
    await expect(entries.first()).toContainText("Success");
  });

  test("a long member list loads more", async ({ page, mail, app }, testInfo) => {
    const marker = uniqueMarker(testInfo);
    const crowd = await arrangeOrganization(app.databaseUrl, {
      name: `Crowd ${marker}`,
      slug: `crowd-${marker}`,
      members: 55,
    });
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto(`/manager/organizations/${crowd.id}`);
    const members = page.getByRole("list", { name: "Members of the organization" }).getByRole("listitem");
    await expect(members).toHaveCount(50);
    await expect(page.getByText(`${crowd.slug}-54@example.test`)).toHaveCount(0);
    // With JavaScript "Load more" is a button once the page has hydrated (a link before): wait for the button.
    await page.getByRole(testInfo.project.name === "js" ? "button" : "link", { name: "Load more" }).click();
    await expect(page.getByText(`${crowd.slug}-54@example.test`)).toBeVisible();
    if (testInfo.project.name === "no-js") {
      // Without JavaScript the next page is a page of its own, with a way back to the first.
      await expect(members).toHaveCount(5);
      await expect(page).toHaveURL(/[?&]members=/);
      await page.getByRole("link", { name: "First page" }).click();
      await expect(members).toHaveCount(50);
    } else {
      await expect(members).toHaveCount(55);
    }
    // The rest of the page stays where it was.
    await expect(page.getByRole("heading", { name: crowd.name, level: 1 })).toBeVisible();
    await expect(page.getByRole("list", { name: "Teams of the organization" }).getByRole("listitem")).toHaveCount(2);
  });

  test("an unknown organization is a 404", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    const response = await page.goto("/manager/organizations/nowhere");
    expect(response?.status()).toBe(404);
  });

  test("an ordinary user is refused the pages and the deletion, forged or not", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const marker = uniqueMarker(testInfo);
    const kept = await arrangeOrganization(app.databaseUrl, { name: `Kept ${marker}`, slug: `kept-${marker}` });
    await signInWithRole(page, mail, app, testInfo, "user");
    for (const path of ["/manager/organizations", `/manager/organizations/${kept.id}`]) {
      const response = await page.goto(path);
      expect(response?.status()).toBe(403);
      await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
    }
    const forged = await page.request.post(`/manager/organizations/${kept.id}`, {
      headers: { Origin: app.url },
      form: { intent: "delete" },
    });
    expect(forged.status()).toBe(403);
    expect((await leftOf(app.databaseUrl, kept.id)).organization).toBe(1);
    expect((await leftOf(app.databaseUrl, kept.id)).members).toBe(3);
  });
});
