import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Page } from "@playwright/test";

import { arrangeOrganization } from "../e2e/arrange";
import { enterCode, expect, requestCode, signInWithRole, sql, test, uniqueEmail } from "../e2e/fixtures";

// Every page in every look we promise: wide and phone, light and dark, left-to-right English and right-to-left Arabic.
// Files are named <page>.<viewport>.<theme>.<language>.png, so that one page's eight pictures sit side by side.
const directory = resolve(process.env.SCREENSHOTS_DIR ?? "screenshots");
mkdirSync(directory, { recursive: true });

const viewports = { desktop: { width: 1280, height: 800 }, phone: { width: 390, height: 844 } };
const themes = ["light", "dark"] as const;
const languages = ["en", "ar"] as const;

type Shot = { name: string; path: string };

async function capture(page: Page, shots: Shot[]) {
  const origin = new URL(page.url()).origin;
  for (const [viewport, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    for (const theme of themes) {
      // The cookie the theme switcher sets (React Router's encoding of the JSON string).
      await page
        .context()
        .addCookies([{ name: "theme", value: encodeURIComponent(btoa(JSON.stringify(theme))), url: origin }]);
      for (const language of languages) {
        for (const { name, path } of shots) {
          await page.goto(`${path}${path.includes("?") ? "&" : "?"}lng=${language}`);
          await expect(page.locator("html")).toHaveClass(theme);
          // Toasts and transitions settle before the picture.
          await page.waitForLoadState("networkidle");
          await page.screenshot({
            path: join(directory, `${name}.${viewport}.${theme}.${language}.png`),
            fullPage: true,
            animations: "disabled",
          });
        }
      }
    }
  }
  // Leave the language as English for whatever runs next in this browser.
  await page.goto(`${shots[0]!.path}${shots[0]!.path.includes("?") ? "&" : "?"}lng=en`);
}

test("sign-in pages", async ({ page }, testInfo) => {
  await page.goto("/login");
  await capture(page, [
    { name: "login", path: "/login" },
    { name: "login-verify", path: "/login/verify?email=someone%40example.com" },
    { name: "login-error", path: "/login/error?error=access_denied" },
    { name: "not-found", path: "/nowhere" },
  ]);
  const email = uniqueEmail(testInfo, "screens");
  await requestCode(page, email);
  await enterCode(page, "000000");
  await capture(page, [{ name: "login-verify-wrong-code", path: `/login/verify?email=${encodeURIComponent(email)}` }]);
});

test("onboarding", async ({ page, mail, app }, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "user");
  await sql(app.databaseUrl, "update user set onboarded_at = null, name = '' where email = ?", [email]);
  await capture(page, [{ name: "onboarding", path: "/onboarding" }]);
});

test("the user area", async ({ page, mail, app }, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "user");
  const { base, teamId, invitationId } = await arrangeOrganization(app, email, "screens");
  const [repository] = (await sql(app.databaseUrl, "select id from repository where name = 'libsql'")).rows;
  await capture(page, [
    { name: "app-home", path: "/app" },
    { name: "app-account", path: "/app/account" },
    { name: "app-account-delete", path: "/app/account?modal=delete-account" },
    { name: "app-repositories", path: "/app/repositories" },
    { name: "app-repositories-empty-search", path: "/app/repositories?searchTerm=nothing-matches" },
    { name: "app-repository", path: `/app/repositories/${String(repository!.id)}` },
    { name: "app-organizations", path: "/app/organizations" },
    { name: "organization", path: base },
    { name: "organization-members", path: `${base}/members` },
    { name: "organization-teams", path: `${base}/teams` },
    { name: "organization-team", path: `${base}/teams/${teamId}` },
    { name: "organization-settings", path: `${base}/settings` },
    { name: "organization-invitations", path: `${base}/invitations` },
    { name: "invitation", path: `/invitations/${invitationId}` },
    { name: "app-not-found", path: "/app/nowhere" },
  ]);
});

test("the manager area", async ({ page, mail, app }, testInfo) => {
  await signInWithRole(page, mail, app, testInfo, "admin");
  const [repository] = (await sql(app.databaseUrl, "select id from repository where name = 'libsql'")).rows;
  const [user] = (await sql(app.databaseUrl, "select id from user where email = 'user@example.com'")).rows;
  const [organization] = (await sql(app.databaseUrl, "select id from organization limit 1")).rows;
  const repositoryId = String(repository!.id);
  const userId = String(user!.id);
  await capture(page, [
    { name: "manager-dashboard", path: "/manager/dashboard" },
    { name: "manager-users", path: "/manager/users" },
    { name: "manager-user", path: `/manager/users/${userId}` },
    { name: "manager-user-ban", path: `/manager/users/${userId}?modal=ban` },
    { name: "manager-user-new", path: "/manager/users/new" },
    { name: "manager-repositories", path: "/manager/repositories" },
    { name: "manager-repository", path: `/manager/repositories/${repositoryId}` },
    { name: "manager-repository-delete", path: `/manager/repositories/${repositoryId}?modal=delete` },
    { name: "manager-repository-new", path: "/manager/repositories/new" },
    { name: "manager-audit", path: "/manager/audit" },
    { name: "manager-organizations", path: "/manager/organizations" },
    ...(organization
      ? [{ name: "manager-organization", path: `/manager/organizations/${String(organization.id)}` }]
      : []),
    { name: "manager-account", path: "/manager/account" },
  ]);
});

test("the manager area: the ban dialog's calendar, open", async ({ page, mail, app }, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "admin");
  // The ban asks for a recent step-up (ADR 053): done, as after a sign-in a minute ago.
  await sql(
    app.databaseUrl,
    "insert or replace into step_up (session_id, verified_at) select session.id, ? from session join user on user.id = session.user_id where user.email = ?",
    [Date.now(), email],
  );
  const [user] = (await sql(app.databaseUrl, "select id from user where email = 'user@example.com'")).rows;
  const origin = new URL(page.url()).origin;
  // The calendar is a picture of its own: one wide and one phone look (a drawer there), not all eight.
  for (const [viewport, theme, language] of [
    ["desktop", "light", "en"],
    ["phone", "dark", "ar"],
  ] as const) {
    await page.setViewportSize(viewports[viewport]);
    await page
      .context()
      .addCookies([{ name: "theme", value: encodeURIComponent(btoa(JSON.stringify(theme))), url: origin }]);
    await page.goto(`/manager/users/${String(user!.id)}?modal=ban&lng=${language}`);
    // The "Pick a date" button exists once JavaScript runs (before, the browser's own date input).
    const pick = page.locator('button[aria-haspopup="dialog"]').first();
    await pick.click();
    await expect(pick).toHaveAttribute("aria-expanded", "true");
    // On a phone the calendar is a drawer that slides in: the picture waits for its days, and for the slide to end.
    await expect(page.getByRole("grid")).toBeInViewport();
    await page.waitForTimeout(500);
    await page.screenshot({
      path: join(directory, `manager-user-ban-calendar.${viewport}.${theme}.${language}.png`),
      // The screen as seen: a full-page picture would leave the page below the first screen without the backdrop.
      fullPage: false,
      animations: "disabled",
    });
  }
  await page.goto("/manager/users?lng=en");
});
