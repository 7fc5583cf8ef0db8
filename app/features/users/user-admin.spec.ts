// The manager's user detail page, as an admin uses it, with JavaScript on and off: ban (the banned browser is out at
// once, their sign-in says why and until when), unban, impersonate and stop, revoke sessions, delete, and no Ban or
// Delete on an admin's own page.
import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page, TestInfo } from "@playwright/test";

import { fillDate } from "../../../tests/e2e/date-field";
import {
  enterCode,
  expect,
  requestCode,
  sessionCookie,
  sql,
  stepUpDone,
  test,
  uniqueEmail,
} from "../../../tests/e2e/fixtures";
import { TEST_AUTH_SECRET, type TestServer } from "../../../tests/e2e/server";
import { formatters } from "../../lib/format";

const DAY_MS = 24 * 60 * 60 * 1000;
let client = 0;

/**
 * An address of this spec's: it sorts after user@example.com, so the people made here never push the seeded
 * accounts off the first page of the users list, which the other specs of the same server read.
 */
const address = (testInfo: TestInfo, label: string) => uniqueEmail(testInfo, `zz-${label}`);

/** A fresh admin, signed in in this browser (a session made on the server, its step-up done), on the manager's home. */
async function signInAsAdmin(page: Page, app: TestServer, testInfo: TestInfo) {
  const email = address(testInfo, "admin");
  const cookie = await sessionCookie(app, { email, name: "Ada Admin", role: "admin" });
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  // Its step-up done: this spec is about what follows it (ADR 053; tests/e2e/step-up.spec.ts takes it).
  await stepUpDone(app, cookie.userId);
  await page.goto("/manager");
  return { id: cookie.userId, email };
}

/** Another person's browser: its own cookies and its own address (the rate limiter's client). */
async function otherBrowser(browser: Browser, app: TestServer, testInfo: TestInfo): Promise<BrowserContext> {
  client += 1;
  return browser.newContext({
    baseURL: app.url,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    locale: "en-US",
    extraHTTPHeaders: { "X-Forwarded-For": `198.51.100.${200 + ((testInfo.workerIndex * 20 + client) % 50)}` },
  });
}

/** A user (onboarded, role user) signed in in `context`; their id and e-mail. */
async function signedInUser(context: BrowserContext, app: TestServer, testInfo: TestInfo, name: string) {
  const email = address(testInfo, name.split(" ")[0]!.toLowerCase());
  const cookie = await sessionCookie(app, { email, name, role: "user" });
  await context.addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  return { id: cookie.userId, email };
}

/** One more session of `userId`, from `ip`, signed in in `context` (as a second device would be). */
async function anotherSession(context: BrowserContext, app: TestServer, userId: string, ip: string) {
  const now = Date.now();
  const token = randomBytes(24).toString("base64url");
  await sql(
    app.databaseUrl,
    "insert into session (id, token, user_id, ip_address, expires_at, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)",
    [randomUUID(), token, userId, ip, now + DAY_MS, now, now],
  );
  const signature = createHmac("sha256", TEST_AUTH_SECRET).update(token).digest("base64");
  await context.addCookies([
    {
      name: "better-auth.session_token",
      value: encodeURIComponent(`${token}.${signature}`),
      url: app.url,
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** Whether `context` is still signed in: its next request to /app either shows the area or goes to the login. */
async function expectSignedOut(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/app");
  await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
}
async function expectSignedIn(context: BrowserContext) {
  const page = context.pages()[0] ?? (await context.newPage());
  await page.goto("/app");
  await expect(page).toHaveURL(/\/app$/);
}

test.describe("the manager's user detail", () => {
  test("an admin bans a signed-in user, who is out at once and told why and until when; unban lets them back", async ({
    page,
    browser,
    mail,
    app,
  }, testInfo) => {
    // Two browsers, two sign-ins through the e-mail and a dozen pages: more than the default 30 s on a busy machine.
    test.slow();
    await signInAsAdmin(page, app, testInfo);
    const theirs = await otherBrowser(browser, app, testInfo);
    const banned = await signedInUser(theirs, app, testInfo, "Bram Banned");
    await expectSignedIn(theirs);

    const lastDay = new Date(Date.now() + 10 * DAY_MS);
    const day = lastDay.toISOString().slice(0, 10);
    const ends = formatters("en").dateTime(
      Date.UTC(lastDay.getUTCFullYear(), lastDay.getUTCMonth(), lastDay.getUTCDate(), 23, 59),
    );
    await page.goto(`/manager/users/${banned.id}`);
    await expect(page.getByRole("heading", { name: "Bram Banned" })).toBeVisible();
    await page.getByRole("link", { name: "Ban" }).click();
    const dialog = page.getByRole("dialog", { name: "Ban this user" });
    await dialog.getByLabel("Reason (optional)").fill("Spamming the forum");
    await expect(dialog.getByText("The ban lasts until the end of this day, in UTC.", { exact: false })).toBeVisible();
    await fillDate(page, dialog, "End date (optional)", day);
    await dialog.getByRole("button", { name: "Ban" }).click();
    await expect(page.getByText("The user is banned and signed out everywhere.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${banned.id}$`));
    const profile = page.getByRole("region", { name: "Profile" });
    await expect(profile.getByText("Banned", { exact: true })).toBeVisible();
    await expect(profile.getByText(`Until ${ends}`)).toBeVisible();
    await expect(profile.getByText("Reason: Spamming the forum")).toBeVisible();

    // Their browser is signed out on its next request, and their sign-in attempt says why and until when.
    await expectSignedOut(theirs);
    const theirPage = theirs.pages()[0]!;
    const since = Date.now();
    await requestCode(theirPage, banned.email);
    await enterCode(theirPage, await mail.waitForCode(banned.email, { since }));
    await expect(theirPage.getByText("You have been banned from this application")).toBeVisible();
    await expect(theirPage.getByText("Reason: Spamming the forum")).toBeVisible();
    await expect(theirPage.getByText(`The ban ends on ${ends}.`)).toBeVisible();
    await expect(theirPage).toHaveURL(/\/login\/verify/);

    await page.getByRole("button", { name: "Unban" }).click();
    await expect(page.getByText("The ban was lifted.")).toBeVisible();
    await expect(profile.getByText("Active", { exact: true })).toBeVisible();
    const again = Date.now();
    await requestCode(theirPage, banned.email);
    await enterCode(theirPage, await mail.waitForCode(banned.email, { since: again }));
    await expect(theirPage).toHaveURL(/\/app$/);
    await theirs.close();

    // Their part of the audit trail, on their page: the ban, the refused sign-in, the unban, the sign-in.
    await page.reload();
    const activity = page.getByRole("region", { name: "Activity" });
    await expect(activity.getByText("User banned").first()).toBeVisible();
    await expect(activity.getByText("User unbanned").first()).toBeVisible();
    await expect(activity.getByText("Refused: banned").first()).toBeVisible();
  });

  test("an admin impersonates a user: a banner on every page, /manager closed, and stop leads back", async ({
    page,
    app,
  }, testInfo) => {
    await signInAsAdmin(page, app, testInfo);
    const email = address(testInfo, "tess");
    const tess = await sessionCookie(app, { email, name: "Tess Target", role: "user" });

    await page.goto(`/manager/users/${tess.userId}`);
    await page.getByRole("button", { name: "Impersonate" }).click();
    await expect(page).toHaveURL(/\/app$/);
    const banner = page.getByRole("region", { name: "Impersonation" });
    await expect(banner.getByText("You are impersonating Tess Target")).toBeVisible();
    await expect(page.getByText("Hello, Tess Target")).toBeVisible();

    await page.goto("/app/account");
    await expect(banner.getByText("You are impersonating Tess Target")).toBeVisible();
    await expect(page.getByRole("main").getByText(email)).toBeVisible();

    // The manager area is closed while impersonating: back to the user's area, with the banner.
    await page.goto("/manager/users");
    await expect(page).toHaveURL(/\/app$/);
    await expect(
      page.getByText("The manager area is closed while you impersonate someone.", { exact: false }),
    ).toBeVisible();
    await expect(banner).toBeVisible();

    await banner.getByRole("button", { name: "Stop impersonating" }).click();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${tess.userId}$`));
    await expect(page.getByText("You stopped impersonating Tess Target.")).toBeVisible();
    await expect(banner).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Tess Target" })).toBeVisible();
  });

  test("an admin revokes one session, then all: those browsers are signed out", async ({
    page,
    browser,
    app,
  }, testInfo) => {
    await signInAsAdmin(page, app, testInfo);
    const first = await otherBrowser(browser, app, testInfo);
    const second = await otherBrowser(browser, app, testInfo);
    const person = await signedInUser(first, app, testInfo, "Sam Sessions");
    // The session made with the user has no address; the second device's has one.
    await anotherSession(second, app, person.id, "203.0.113.77");
    await expectSignedIn(first);
    await expectSignedIn(second);

    await page.goto(`/manager/users/${person.id}`);
    const sessions = page.getByRole("region", { name: "Sessions" });
    await expect(sessions.getByRole("listitem")).toHaveCount(2);
    await sessions
      .getByRole("listitem")
      .filter({ hasText: "203.0.113.77" })
      .getByRole("button", { name: "Revoke" })
      .click();
    await expect(page.getByText("The session was revoked.")).toBeVisible();
    await expect(sessions.getByRole("listitem")).toHaveCount(1);
    await expectSignedOut(second);
    await expectSignedIn(first);

    await page.getByRole("link", { name: "Revoke all sessions" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("All sessions were revoked.")).toBeVisible();
    await expect(sessions.getByText("No session in force.")).toBeVisible();
    await expectSignedOut(first);
    await first.close();
    await second.close();
  });

  test("an admin deletes a user, after confirming", async ({ page, app }, testInfo) => {
    await signInAsAdmin(page, app, testInfo);
    const gone = await sessionCookie(app, { email: address(testInfo, "gone"), name: "Gus Gone", role: "user" });
    await page.goto(`/manager/users/${gone.userId}`);
    await page.getByRole("link", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(
      dialog.getByText("The user Gus Gone, their sessions and their sign-in accounts will be deleted.", {
        exact: false,
      }),
    ).toBeVisible();
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/manager\/users$/);
    await expect(page.getByText("The user was deleted.")).toBeVisible();
    expect((await page.goto(`/manager/users/${gone.userId}`))?.status()).toBe(404);
  });

  test("an admin's own page offers no Ban or Delete, another user's page does", async ({ page, app }, testInfo) => {
    const me = (await signInAsAdmin(page, app, testInfo)).id;
    const other = await sessionCookie(app, { email: address(testInfo, "olga"), name: "Olga Other", role: "user" });
    await page.goto(`/manager/users/${other.userId}`);
    await expect(page.getByRole("heading", { name: "Olga Other" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ban" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Delete" })).toBeVisible();

    // The server refuses both on one's own account (user-admin.server.spec.ts): they are not offered there, not even
    // through the dialogs' addresses.
    await page.goto(`/manager/users/${me}`);
    await expect(page.getByRole("heading", { name: "Ada Admin" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Ban" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Delete" })).toHaveCount(0);
    for (const modal of ["ban", "delete"]) {
      await page.goto(`/manager/users/${me}?modal=${modal}`);
      await expect(page.getByRole("heading", { name: "Ada Admin" })).toBeVisible();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    }
  });
});
