// Invitations, as the people involved use them, with JavaScript on and off: the owner invites by e-mail (caught by
// the SMTP sink, in the language chosen), the wrong person cannot accept, a visitor signs in and comes back, the
// right person joins; duplicates, sending again, cancelling, expiry, declining, and a member's forged posts.
// Organizations are arranged with SQL (their own pages are another spec's subject).
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

import { enterCode, expect, sessionCookie, sql, test, uniqueEmail } from "../../../tests/e2e/fixtures";
import type { TestServer } from "../../../tests/e2e/server";

let client = 0;

/** Another person's browser: its own cookies, its own client address, JavaScript as the project has it. */
async function otherBrowser(browser: Browser, app: TestServer, testInfo: TestInfo): Promise<BrowserContext> {
  client += 1;
  return browser.newContext({
    baseURL: app.url,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "en-US",
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${150 + ((testInfo.workerIndex * 20 + client) % 50)}` },
  });
}

/** An onboarded user signed in in `context` (a session made on the server). */
async function signedIn(context: BrowserContext, app: TestServer, user: { email: string; name: string }) {
  const cookie = await sessionCookie(app, { ...user, role: "user" });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  return { id: cookie.userId, ...user };
}

async function addMember(app: TestServer, organizationId: string, userId: string, role: string) {
  await sql(
    app.databaseUrl,
    "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
    [randomUUID(), organizationId, userId, role, Date.now()],
  );
}

/** An organization with `ownerId` as its owner. */
async function organizationOf(app: TestServer, ownerId: string, name: string) {
  const id = randomUUID();
  const slug = `inv-${randomUUID().slice(0, 8)}`;
  await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    id,
    name,
    slug,
    Date.now(),
  ]);
  await addMember(app, id, ownerId, "owner");
  return { id, slug, name };
}

/** A pending invitation written straight into the table (for the tests that are not about sending it). */
async function pendingInvitation(app: TestServer, organizationId: string, inviterId: string, email: string) {
  const id = randomUUID();
  await sql(
    app.databaseUrl,
    "insert into invitation (id, organization_id, email, role, status, expires_at, created_at, inviter_id, language) values (?, ?, ?, 'member', 'pending', ?, ?, ?, 'en')",
    [id, organizationId, email, Date.now() + 60 * 60 * 1000, Date.now(), inviterId],
  );
  return id;
}

async function invitationsTo(app: TestServer, email: string) {
  const result = await sql(
    app.databaseUrl,
    "select id, status, role, language from invitation where email = ? order by created_at desc",
    [email],
  );
  return result.rows.map((row) => ({
    id: String(row.id),
    status: String(row.status),
    role: String(row.role),
    language: String(row.language),
  }));
}

async function membersOf(app: TestServer, organizationId: string) {
  const result = await sql(
    app.databaseUrl,
    "select user.email as email, member.role as role from member join user on user.id = member.user_id where member.organization_id = ? order by member.created_at",
    [organizationId],
  );
  return result.rows.map((row) => ({ email: String(row.email), role: String(row.role) }));
}

const invitationList = (page: Page) => page.getByRole("list", { name: "Invitations of the organization" });
const invitationRow = (page: Page, email: string) =>
  invitationList(page).getByRole("listitem").filter({ hasText: email });

/** Fills and sends the invite form of the page it is on. */
async function invite(page: Page, email: string, role = "member", language = "en") {
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Role", { exact: true }).selectOption(role);
  await page.getByLabel("Language of the invitation e-mail").selectOption(language);
  await page.getByRole("button", { name: "Send the invitation" }).click();
}

const suffix = () => randomUUID().slice(0, 6);

test.describe("invitations", () => {
  test("the owner invites by e-mail in the chosen language; the invitee, sent to sign in, comes back and joins", async ({
    page,
    browser,
    mail,
    app,
  }, testInfo) => {
    // The longest journey of the spec: two browsers, an e-mailed code, onboarding.
    test.slow();
    const owner = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "owner"), name: "Olive Owner" });
    const organization = await organizationOf(app, owner.id, `Acme ${suffix()}`);
    const invitee = uniqueEmail(testInfo, "invitee");

    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await expect(page.getByRole("heading", { name: "Invite someone" })).toBeVisible();
    // An owner may make an owner.
    await expect(page.getByLabel("Role", { exact: true }).locator("option")).toHaveText(["Member", "Admin", "Owner"]);
    // The e-mail's language starts on the page's.
    await expect(page.getByLabel("Language of the invitation e-mail")).toHaveValue("en");
    const since = Date.now();
    await invite(page, invitee, "admin", "fr");
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    await expect(invitationRow(page, invitee)).toContainText("Pending");
    await expect(invitationRow(page, invitee)).toContainText("Admin");
    await expect(invitationRow(page, invitee)).toContainText("Sent by Olive Owner");

    const [stored] = await invitationsTo(app, invitee);
    expect(stored).toMatchObject({ status: "pending", role: "admin", language: "fr" });
    const link = `${app.url}/invitations/${stored!.id}`;
    const email = await mail.waitForEmail(invitee, { since });
    expect(email.text).toContain(
      `Olive Owner (${owner.email}) vous invite à rejoindre l'organisation ${organization.name} sur Groundwork, avec le rôle Administrateur.`,
    );
    expect(email.text).toContain(link);

    // The invitee, not signed in: sent to sign in (a new account: onboarding too), and brought back.
    const inviteeContext = await otherBrowser(browser, app, testInfo);
    const visitor = await inviteeContext.newPage();
    await visitor.goto(link);
    await expect(visitor).toHaveURL(`${app.url}/login?redirect=${encodeURIComponent(`/invitations/${stored!.id}`)}`);
    await visitor.getByLabel("Email").fill(invitee);
    const codeSince = Date.now();
    await visitor.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(visitor).toHaveURL(/\/login\/verify\?/);
    await enterCode(visitor, await mail.waitForCode(invitee, { since: codeSince }));
    await expect(visitor).toHaveURL(/\/onboarding\?redirect=%2Finvitations%2F/);
    await visitor.getByLabel("What is your name?").fill("Nia Invitee");
    await visitor.getByRole("button", { name: "Continue" }).click();
    await expect(visitor).toHaveURL(link);
    await expect(
      visitor.getByText(`Olive Owner (${owner.email}) invites you to join ${organization.name} with the role Admin.`),
    ).toBeVisible();
    await visitor.getByRole("button", { name: "Accept" }).click();
    await expect(visitor).toHaveURL(`${app.url}/app/organizations/${organization.slug}`);
    await expect(visitor.getByText(`You joined ${organization.name}`)).toBeVisible();
    await expect(visitor.getByRole("heading", { name: organization.name })).toBeVisible();
    expect(await membersOf(app, organization.id)).toEqual([
      { email: owner.email, role: "owner" },
      { email: invitee, role: "admin" },
    ]);
    // The link now says so.
    await visitor.goto(link);
    await expect(visitor.getByText("This invitation has already been accepted.")).toBeVisible();
    await inviteeContext.close();

    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await expect(invitationRow(page, invitee)).toContainText("Accepted");
    await expect(invitationRow(page, invitee).getByRole("button", { name: "Send again" })).toHaveCount(0);
    await page.goto(`/app/organizations/${organization.slug}`);
    await expect(page.getByText("2 of 100")).toBeVisible();
  });

  test("someone signed in with another address is told it is not theirs, and their forged acceptance changes nothing", async ({
    page,
    browser,
    app,
  }, testInfo) => {
    const ownerEmail = uniqueEmail(testInfo, "owner");
    const owner = await sessionCookie(app, { email: ownerEmail, name: "Olive Owner", role: "user" });
    const organization = await organizationOf(app, owner.userId, `Private ${suffix()}`);
    const invitee = uniqueEmail(testInfo, "invitee");
    const id = await pendingInvitation(app, organization.id, owner.userId, invitee);
    const link = `/invitations/${id}`;

    await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "stranger"), name: "Sam Stranger" });
    await page.goto(link);
    await expect(page.getByText("You are not the recipient of the invitation")).toBeVisible();
    await expect(page.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Decline" })).toHaveCount(0);
    await expect(page.getByText(organization.name)).toHaveCount(0);
    for (const intent of ["accept", "decline"]) {
      const forged = await page.request.post(link, { headers: { Origin: app.url }, form: { intent } });
      expect(forged.status(), intent).toBe(403);
      expect(await forged.text()).toContain("You are not the recipient of the invitation");
    }
    expect(await invitationsTo(app, invitee)).toMatchObject([{ id, status: "pending" }]);
    expect((await membersOf(app, organization.id)).map((each) => each.role)).toEqual(["owner"]);

    // Nothing changed: the recipient can still accept it.
    const inviteeContext = await otherBrowser(browser, app, testInfo);
    await signedIn(inviteeContext, app, { email: invitee, name: "Nia Invitee" });
    const recipient = await inviteeContext.newPage();
    await recipient.goto(link);
    await recipient.getByRole("button", { name: "Accept" }).click();
    await expect(recipient).toHaveURL(`${app.url}/app/organizations/${organization.slug}`);
    expect(await membersOf(app, organization.id)).toEqual([
      { email: ownerEmail, role: "owner" },
      { email: invitee, role: "member" },
    ]);
    await inviteeContext.close();
  });

  test("inviting an address already invited, or a member, says so under the field and keeps what was typed", async ({
    page,
    app,
  }, testInfo) => {
    const owner = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "owner"), name: "Olive Owner" });
    const organization = await organizationOf(app, owner.id, `Duplicates ${suffix()}`);
    const colleagueEmail = uniqueEmail(testInfo, "colleague");
    const colleague = await sessionCookie(app, { email: colleagueEmail, name: "Cole", role: "user" });
    await addMember(app, organization.id, colleague.userId, "member");
    const invitee = uniqueEmail(testInfo, "twice");

    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await invite(page, invitee);
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    // A sent form starts again, with JavaScript as without: the next person to invite is someone else.
    await expect(page.getByLabel("E-mail address")).toHaveValue("");

    await invite(page, invitee, "admin");
    await expect(page.getByText("The user is already invited to this organization")).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(invitee);
    await expect(page.getByLabel("Role", { exact: true })).toHaveValue("admin");
    expect(await invitationsTo(app, invitee)).toHaveLength(1);

    await invite(page, colleagueEmail);
    await expect(page.getByText("The user is already a member of this organization")).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(colleagueEmail);
    expect(await invitationsTo(app, colleagueEmail)).toHaveLength(0);
  });

  test("sending again e-mails the same link in the invitation's language; cancelling makes the link say so", async ({
    page,
    browser,
    mail,
    app,
  }, testInfo) => {
    const owner = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "owner"), name: "Olive Owner" });
    const organization = await organizationOf(app, owner.id, `Cancelled ${suffix()}`);
    const invitee = uniqueEmail(testInfo, "cancelled");
    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await invite(page, invitee, "member", "sw");
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    const [stored] = await invitationsTo(app, invitee);
    await mail.waitForEmail(invitee);

    const since = Date.now();
    await invitationRow(page, invitee).getByRole("button", { name: "Send again" }).click();
    await expect(page.getByText(`Invitation sent again to ${invitee}`)).toBeVisible();
    const again = await mail.waitForEmail(invitee, { since });
    expect(again.text).toContain("amekualika ujiunge na shirika");
    expect(again.text).toContain(`${app.url}/invitations/${stored!.id}`);

    await invitationRow(page, invitee).getByRole("link", { name: "Cancel the invitation" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText(`The invitation to ${invitee} will stop working`);
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Invitation cancelled")).toBeVisible();
    await expect(invitationRow(page, invitee)).toContainText("Cancelled");
    await expect(invitationRow(page, invitee).getByRole("button")).toHaveCount(0);
    expect((await invitationsTo(app, invitee))[0]!.status).toBe("canceled");

    const inviteeContext = await otherBrowser(browser, app, testInfo);
    await signedIn(inviteeContext, app, { email: invitee, name: "Kim Cancelled" });
    const recipient = await inviteeContext.newPage();
    await recipient.goto(`/invitations/${stored!.id}`);
    await expect(recipient.getByText("This invitation was cancelled: it can no longer be accepted.")).toBeVisible();
    await expect(recipient.getByRole("button", { name: "Accept" })).toHaveCount(0);
    await inviteeContext.close();
  });

  test("an expired invitation says so, and cannot be accepted", async ({ page, browser, app }, testInfo) => {
    const owner = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "owner"), name: "Olive Owner" });
    const organization = await organizationOf(app, owner.id, `Expired ${suffix()}`);
    const invitee = uniqueEmail(testInfo, "expired");
    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await invite(page, invitee);
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    const [stored] = await invitationsTo(app, invitee);
    await sql(app.databaseUrl, "update invitation set expires_at = ? where id = ?", [Date.now() - 60_000, stored!.id]);
    await page.reload();
    await expect(invitationRow(page, invitee)).toContainText("Expired");

    const inviteeContext = await otherBrowser(browser, app, testInfo);
    await signedIn(inviteeContext, app, { email: invitee, name: "Lee Late" });
    const recipient = await inviteeContext.newPage();
    const link = `/invitations/${stored!.id}`;
    await recipient.goto(link);
    await expect(
      recipient.getByText("This invitation has expired. Ask the person who invited you for a new one."),
    ).toBeVisible();
    await expect(recipient.getByRole("button", { name: "Accept" })).toHaveCount(0);
    // A forged acceptance is refused with better-auth's words, and changes nothing.
    const forged = await recipient.request.post(link, { headers: { Origin: app.url }, form: { intent: "accept" } });
    expect(forged.url()).toBe(`${app.url}${link}`);
    expect(await forged.text()).toContain("This invitation has expired.");
    expect((await invitationsTo(app, invitee))[0]!.status).toBe("pending");
    expect(await membersOf(app, organization.id)).toHaveLength(1);
    await inviteeContext.close();
  });

  test("the recipient declines; an unknown invitation is a 404", async ({ page, browser, app }, testInfo) => {
    const owner = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "owner"), name: "Olive Owner" });
    const organization = await organizationOf(app, owner.id, `Declined ${suffix()}`);
    const invitee = uniqueEmail(testInfo, "decliner");
    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await invite(page, invitee);
    await expect(page.getByText(`Invitation sent to ${invitee}`)).toBeVisible();
    const [stored] = await invitationsTo(app, invitee);

    const inviteeContext = await otherBrowser(browser, app, testInfo);
    await signedIn(inviteeContext, app, { email: invitee, name: "Dee Decliner" });
    const recipient = await inviteeContext.newPage();
    await recipient.goto(`/invitations/${stored!.id}`);
    await recipient.getByRole("button", { name: "Decline" }).click();
    await expect(recipient.getByText("Invitation declined")).toBeVisible();
    await expect(recipient.getByText("This invitation was declined.")).toBeVisible();
    await expect(recipient.getByRole("button", { name: "Accept" })).toHaveCount(0);
    expect((await invitationsTo(app, invitee))[0]!.status).toBe("rejected");
    expect(await membersOf(app, organization.id)).toHaveLength(1);

    const response = await recipient.goto("/invitations/no-such-invitation");
    expect(response?.status()).toBe(404);
    await expect(recipient.getByText("This page cannot be found")).toBeVisible();
    await inviteeContext.close();

    await page.goto(`/app/organizations/${organization.slug}/invitations`);
    await expect(invitationRow(page, invitee)).toContainText("Declined");
  });

  test("a member sees the invitations and may change none; an admin may not make an owner", async ({
    page,
    browser,
    app,
  }, testInfo) => {
    const owner = await sessionCookie(app, {
      email: uniqueEmail(testInfo, "owner"),
      name: "Olive Owner",
      role: "user",
    });
    const organization = await organizationOf(app, owner.userId, `Forged ${suffix()}`);
    const pending = uniqueEmail(testInfo, "pending");
    const pendingId = await pendingInvitation(app, organization.id, owner.userId, pending);
    const member = await signedIn(page.context(), app, { email: uniqueEmail(testInfo, "member"), name: "Mo Member" });
    await addMember(app, organization.id, member.id, "member");

    const here = `/app/organizations/${organization.slug}/invitations`;
    await page.goto(here);
    await expect(invitationRow(page, pending)).toContainText("Pending");
    await expect(page.getByRole("button", { name: "Send the invitation" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Send again" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Cancel the invitation" })).toHaveCount(0);

    const forgedInvitee = uniqueEmail(testInfo, "forged");
    const headers = { Origin: app.url };
    const forms: Array<Record<string, string>> = [
      { intent: "invite", email: forgedInvitee, role: "owner", language: "en" },
      { intent: "resend", invitationId: pendingId },
      { intent: "cancel", invitationId: pendingId },
    ];
    for (const form of forms) {
      const response = await page.request.post(here, { headers, form });
      expect(response.status(), form.intent).toBe(403);
      expect(await response.text()).toContain("You do not have access to this page");
    }
    expect(await invitationsTo(app, forgedInvitee)).toHaveLength(0);
    expect(await invitationsTo(app, pending)).toMatchObject([{ id: pendingId, status: "pending" }]);

    // An admin invites, but is offered no owner role, and a forged one is refused under the field.
    const adminContext = await otherBrowser(browser, app, testInfo);
    const admin = await signedIn(adminContext, app, { email: uniqueEmail(testInfo, "admin"), name: "Ari Admin" });
    await addMember(app, organization.id, admin.id, "admin");
    const adminPage = await adminContext.newPage();
    await adminPage.goto(here);
    await expect(adminPage.getByLabel("Role", { exact: true }).locator("option")).toHaveText(["Member", "Admin"]);
    const asOwner = await adminPage.request.post(here, {
      headers,
      form: { intent: "invite", email: forgedInvitee, role: "owner", language: "en" },
    });
    expect(asOwner.status()).toBe(400);
    expect(await asOwner.text()).toContain("You are not allowed to invite a user with this role");
    expect(await invitationsTo(app, forgedInvitee)).toHaveLength(0);
    await adminContext.close();
  });
});
