// The second factor as a person uses it, JavaScript on and off (ADR 052): set up an authenticator app (the code is
// computed from the secret the page shows), keep the recovery codes, then every e-mail code sign-in asks for the
// app's code before any session exists; a recovery code works once; turning it off takes a code.
import type { Page } from "@playwright/test";

import { authenticatorApp, type AuthenticatorApp } from "../../../tests/e2e/authenticator-app";
import {
  enterCode,
  expect,
  requestCode,
  signIn,
  signOutFromMenu,
  sql,
  test,
  uniqueEmail,
} from "../../../tests/e2e/fixtures";
import { startServer, type TestServer } from "../../../tests/e2e/server";

async function setUpAuthenticator(
  page: Page,
  area = "app",
): Promise<{ phone: AuthenticatorApp; recoveryCodes: string[] }> {
  if (area === "app") {
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Set up an authenticator app" }).click();
  }
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const phone = authenticatorApp((await page.locator("code").first().innerText()).trim());
  await page.getByLabel("Code from the app").fill(await phone.code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();
  const recoveryCodes = await page.getByRole("list", { name: "Recovery codes" }).getByRole("listitem").allInnerTexts();
  expect(recoveryCodes).toHaveLength(10);
  return { phone, recoveryCodes };
}

async function firstFactor(page: Page, mail: Parameters<typeof signIn>[1], email: string) {
  const since = Date.now();
  await requestCode(page, email);
  await enterCode(page, await mail.waitForCode(email, { since }));
  await expect(page).toHaveURL(/\/login\/second-factor/);
  await expect(page.getByRole("heading", { name: "Two-step verification" })).toBeVisible();
}

test.describe("a second factor", () => {
  test("set up, then every e-mail sign-in asks for it; a recovery code works once; turned off with a code", async ({
    page,
    mail,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "totp");
    await signIn(page, mail, email, "Tess Otp");
    const { phone, recoveryCodes } = await setUpAuthenticator(page);
    await page.getByRole("link", { name: "Back to my account" }).click();
    await expect(page.getByText("Recovery codes left: 10.")).toBeVisible();

    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await firstFactor(page, mail, email);
    // No session yet: the app sends back to the login page.
    const probe = await page.request.get("/app", { maxRedirects: 0 });
    expect(probe.status()).toBe(302);
    await page.getByLabel("Authenticator code or recovery code").fill("000000");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("This code is not right.")).toBeVisible();
    await page.getByLabel("Authenticator code or recovery code").fill(await phone.code());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);

    // A recovery code, once.
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await firstFactor(page, mail, email);
    await page.getByLabel("Authenticator code or recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await firstFactor(page, mail, email);
    await page.getByLabel("Authenticator code or recovery code").fill(recoveryCodes[0]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page.getByText("This code is not right.")).toBeVisible();
    await page.getByLabel("Authenticator code or recovery code").fill(recoveryCodes[1]!);
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);

    // Turned off with a code; the next sign-in is one step again.
    await page.goto("/app/account");
    await expect(page.getByText("Recovery codes left: 8.")).toBeVisible();
    await page.getByLabel("Authenticator code or recovery code").fill(recoveryCodes[2]!);
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("Two-step verification is off.")).toBeVisible();
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, mail, email);
    await expect(page).toHaveURL(/\/app$/);
  });

  test("GitHub sign-in asks for it too, before any session", async ({ page, github }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "totp-gh");
    github.user = { id: 7000 + Math.floor(Math.random() * 999), login: "twofa", name: "Two Fa", email };
    const withGitHub = async () => {
      await page.goto("/login?redirect=%2Fapp");
      await page.getByRole("button", { name: "GitHub" }).click();
      await page.getByRole("button", { name: "Authorize" }).click();
    };
    await withGitHub();
    await expect(page).toHaveURL(/\/onboarding/);
    await page.getByLabel("What is your name?").fill("Two Fa");
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);
    const { phone } = await setUpAuthenticator(page);

    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await withGitHub();
    await expect(page).toHaveURL(/\/login\/second-factor\?redirect=%2Fapp$/);
    const cookies = await page.context().cookies();
    expect(
      cookies.some((cookie) => cookie.name.endsWith("session_token")),
      "no session cookie yet",
    ).toBe(false);
    await page.getByLabel("Authenticator code or recovery code").fill(await phone.code());
    await page.getByRole("button", { name: "Continue" }).click();
    await expect(page).toHaveURL(/\/app$/);
  });

  test("an administrator resets it: audited, the person is told by e-mail and signs in with the code alone", async ({
    page,
    mail,
    app,
    browser,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "totp-reset");
    await signIn(page, mail, email, "Lost Phone");
    await setUpAuthenticator(page);
    const [row] = (await sql(app.databaseUrl, "select id from user where email = ?", [email])).rows;

    const adminContext = await browser.newContext({
      baseURL: app.url,
      javaScriptEnabled: testInfo.project.use.javaScriptEnabled,
      extraHTTPHeaders: { "X-Forwarded-For": `203.0.113.${(testInfo.workerIndex * 13 + 77) % 250}` },
    });
    const admin = await adminContext.newPage();
    await signIn(admin, mail, "admin@example.com");
    await admin.goto(`/manager/users/${row!.id}`);
    const since = Date.now();
    await admin.getByRole("button", { name: "Reset the second factor" }).click();
    await expect(admin.getByText("The second factor was reset; the person was told by e-mail.")).toBeVisible();
    await expect(admin.getByRole("button", { name: "Reset the second factor" })).toHaveCount(0);
    await adminContext.close();
    const notice = await mail.waitForEmail(email, { since });
    expect(notice.text).toContain("An administrator reset the second factor");
    const [entry] = (
      await sql(
        app.databaseUrl,
        "select actor_label from audit_event where action = 'second-factor.reset' and target_id = ?",
        [String(row!.id)],
      )
    ).rows;
    expect(entry!.actor_label).toBe("admin@example.com");

    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, mail, email);
    await expect(page).toHaveURL(/\/app$/);
  });

  test("the second-factor page needs a pending sign-in", async ({ page }) => {
    await page.goto("/login/second-factor?redirect=%2Fapp");
    await expect(page).toHaveURL(/\/login\?redirect=%2Fapp$/);
  });
});

const strictTest = test.extend<object, { strictApp: TestServer }>({
  strictApp: [
    async ({ mail }, use, workerInfo) => {
      const server = await startServer(`w${workerInfo.workerIndex}-admin-2fa`, {
        SMTP_URL: mail.url,
        REQUIRE_ADMIN_SECOND_FACTOR: "true",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker" },
  ],
  baseURL: async ({ strictApp }, use) => use(strictApp.url),
});

strictTest(
  "REQUIRE_ADMIN_SECOND_FACTOR: an administrator sets one up before using /manager",
  async ({ page, mail }) => {
    strictTest.slow();
    await signIn(page, mail, "admin@example.com");
    await expect(page).toHaveURL(/\/manager\/account\/second-factor$/);
    await page.goto("/manager/users");
    await expect(page).toHaveURL(/\/manager\/account\/second-factor$/);
    await setUpAuthenticator(page, "manager");
    await page.goto("/manager/users");
    await expect(page).toHaveURL(/\/manager\/users$/);
    // A user is not asked: the rule is for administrators.
    await signOutFromMenu(page);
    await expect(page).toHaveURL(/\/login/);
    await signIn(page, mail, "user@example.com");
    await expect(page).toHaveURL(/\/app$/);
  },
);
