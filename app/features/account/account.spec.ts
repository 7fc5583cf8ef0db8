// The account page as a person uses it, with JavaScript on and off: change the name, change the e-mail address (the
// code from the SMTP sink), revoke another browser's session, download a copy of the data, delete the account.
import { readFile } from "node:fs/promises";
import type { Browser, Page, TestInfo } from "@playwright/test";

import {
  expect,
  sessionCookie,
  signIn,
  signInWithRole,
  sql,
  stepUpDone,
  test,
  uniqueEmail,
} from "../../../tests/e2e/fixtures";
import type { TestServer } from "../../../tests/e2e/server";

/** A second browser of its own (cookies and all), with the project's JavaScript setting and this test's address. */
async function otherBrowser(browser: Browser, testInfo: TestInfo, baseURL: string) {
  return browser.newContext({
    baseURL,
    javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
    extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${(testInfo.workerIndex * 7 + testInfo.retry + 11) % 250}` },
  });
}

async function sessionTokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((item) => item.name === "better-auth.session_token");
  return decodeURIComponent(cookie?.value ?? "").split(".")[0]!;
}

test.describe("the account page", () => {
  test("the passkey name field and its Add button share a line, top to top", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/app/account");
    const [field, button] = await Promise.all([
      page.getByLabel("Passkey name").boundingBox(),
      page.getByRole("button", { name: "Add a passkey" }).boundingBox(),
    ]);
    // Beside the field, not 20 px lower (the field's reserved error line once pulled it down). The input is 42 px
    // tall (its border), the button 40: tops meet, bottoms within 2 px.
    expect(button!.x).toBeGreaterThan(field!.x + field!.width);
    expect(Math.abs(button!.y - field!.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(button!.y + button!.height - (field!.y + field!.height))).toBeLessThanOrEqual(2);
  });

  test("changes the name", async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "user");
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Change name" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your name" });
    await dialog.getByLabel("Name").fill("Grace Hopper");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Your name was updated.")).toBeVisible();
    await expect(page.getByRole("definition").filter({ hasText: "Grace Hopper" })).toBeVisible();
  });

  test("changes the e-mail address with a code sent to the new one, and the old one is told", async ({
    page,
    mail,
    app,
  }, testInfo) => {
    const oldEmail = uniqueEmail(testInfo, "old");
    const newEmail = uniqueEmail(testInfo, "new");
    const taken = uniqueEmail(testInfo, "taken");
    await signIn(page, mail, taken, "Someone Else");
    await page.context().clearCookies();
    await signIn(page, mail, oldEmail, "Margaret Hamilton");
    // The step-up done: this test is about the change (ADR 053; tests/e2e/step-up.spec.ts takes it).
    await stepUpDone(app, oldEmail);
    await page.goto("/app/account");

    // An address in use is refused, without saying whose.
    await page.getByRole("link", { name: "Change e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your e-mail address" });
    await dialog.getByLabel("New e-mail address").fill(taken);
    await dialog.getByRole("button", { name: "Send code" }).click();
    await expect(dialog.getByText("This e-mail address is already used")).toBeVisible();

    const since = Date.now();
    await dialog.getByLabel("New e-mail address").fill(newEmail);
    await dialog.getByRole("button", { name: "Send code" }).click();
    await expect(page).toHaveURL(/[?&]newEmail=/);
    await expect(page.getByText(`We sent a code to ${newEmail}.`)).toBeVisible();
    const step = page.getByRole("region", { name: "Confirm your new e-mail address" });
    await step.getByLabel("Code").fill(await mail.waitForCode(newEmail, { since }));
    await step.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("Your e-mail address was changed.")).toBeVisible();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByRole("definition").filter({ hasText: newEmail })).toBeVisible();

    const notice = await mail.waitForEmail(oldEmail, { since });
    expect(notice.text).toContain(newEmail);
    expect(notice.text).toContain("If this wasn't you");

    // The new address signs in to the same account (no onboarding: the name is there).
    await page.context().clearCookies();
    await signIn(page, mail, newEmail, "Not Asked");
    await page.goto("/app/account");
    await expect(page.getByRole("definition").filter({ hasText: "Margaret Hamilton" })).toBeVisible();
  });

  test("revokes another browser's session, which is signed out on its next request", async ({
    page,
    mail,
    browser,
    app,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "two-browsers");
    await signIn(page, mail, email, "Two Browsers");
    const other = await otherBrowser(browser, testInfo, app.url);
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, mail, email);
      await otherPage.goto("/app/account");
      await expect(otherPage.getByRole("heading", { name: "Account", exact: true })).toBeVisible();

      await page.goto("/app/account");
      const sessions = page.getByRole("region", { name: "Sessions" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await expect(sessions.getByText("This device")).toHaveCount(1);
      await sessions.getByRole("button", { name: "Revoke" }).click();
      await expect(page.getByText("The session was revoked.")).toBeVisible();
      await expect(sessions.getByRole("listitem")).toHaveCount(1);

      await otherPage.goto("/app/account");
      await expect(otherPage).toHaveURL(/\/login\?redirect=%2Fapp%2Faccount$/);
      // This browser stays signed in.
      await page.reload();
      await expect(page.getByRole("heading", { name: "Account", exact: true })).toBeVisible();
    } finally {
      await other.close();
    }
  });

  test("downloads a copy of the data, without a token", async ({ page, mail, app }, testInfo) => {
    const email = await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/account");
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Download my data" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^groundwork-account-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await file.path())!, "utf8");
    const exported = JSON.parse(text) as { profile: { email: string }; sessions: Array<{ current: boolean }> };
    expect(exported.profile.email).toBe(email);
    expect(exported.sessions).toEqual([expect.objectContaining({ current: true })]);
    expect(text).not.toContain(await sessionTokenOf(page));
  });

  test("deletes the account with a code from the e-mail; the person is signed out and the account is gone", async ({
    page,
    mail,
    signUpOffApp,
  }, testInfo) => {
    const email = uniqueEmail(testInfo, "leaving");
    await useServer(page, signUpOffApp, email);
    await page.goto(`${signUpOffApp.url}/app/account`);
    const since = Date.now();
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete my account" }).getByRole("button", { name: "Send code" }).click();
    await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
    const dialog = page.getByRole("dialog", { name: "Delete my account" });
    await dialog.getByLabel("Code").fill(await mail.waitForCode(email, { since }));
    await dialog.getByRole("button", { name: "Delete for good" }).click();

    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your account was deleted.")).toBeVisible();
    expect((await sql(signUpOffApp.databaseUrl, "select id from user where email = ?", [email])).rows).toEqual([]);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain("better-auth.session_token");
    await page.goto(`${signUpOffApp.url}/app`);
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
  });
});

/** Signs `email` in on `server` with a session made on the server (a fresh onboarded user). */
async function useServer(page: Page, server: TestServer, email: string) {
  const cookie = await sessionCookie(server, { email, name: "Leaving Soon", role: "user" });
  await stepUpDone(server, cookie.userId);
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: server.url, httpOnly: true, sameSite: "Lax" }]);
}
