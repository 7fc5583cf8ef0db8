// Passkeys (ADR 052) with Chromium's virtual WebAuthn authenticator (the DevTools protocol's WebAuthn domain): add one
// on the account page, sign out, sign in with it through the e-mail field's autofill and through the button, rename
// and remove it. Without JavaScript, /login is the e-mail code form alone and the account page says why it cannot add.
import type { Page } from "@playwright/test";

import { authenticatorApp } from "../../../tests/e2e/authenticator-app";
import { test as base, expect, signIn, signOutFromMenu, sql, uniqueEmail } from "../../../tests/e2e/fixtures";

const test = base.extend({ baseURL: async ({ localhostApp }, use) => use(localhostApp.url) });

/**
 * A platform authenticator that answers without a touch and, by default, verifies the person (as a fingerprint would).
 * `userVerification: false` is a key whose answers say it did not verify the person (the UV flag clear). It cannot be
 * a virtual key without verification: Chromium gives a discoverable credential made without verification the
 * credProtect policy "verification or credential ID required", so such a key answers no request that names no
 * credential, which is what /login asks. The key verifies, and the override bit clears the flag it signs.
 */
async function virtualAuthenticator(page: Page, { userVerification = true } = {}): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  if (!userVerification) await cdp.send("WebAuthn.setResponseOverrideBits", { authenticatorId, isBadUV: true });
}

/**
 * Signs out, and waits until the server has ended the session: the browser is on /login, where only the sign-out's
 * answer sends it once the session is gone. A response from /logout alone was not enough on a busy machine: the next
 * page could still find the session (1 run in 40).
 */
async function signOut(page: Page) {
  await signOutFromMenu(page);
  await expect(page).toHaveURL(/\/login(\?.*)?$/);
}

async function addPasskey(page: Page, name: string) {
  await page.goto("/app/account");
  await page.getByLabel("Passkey name").last().fill(name);
  await page.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page.getByText("Passkey added.")).toBeVisible();
}

test.describe("passkeys @js-only", () => {
  test("add a passkey, then sign in with it by autofill and by the button; rename and remove it", async ({
    page,
    mail,
    localhostApp,
  }, testInfo) => {
    // Four sign-ins and a dozen pages: more than one journey's time on a busy machine.
    test.slow();
    const email = uniqueEmail(testInfo, "passkey");
    await virtualAuthenticator(page);
    await signIn(page, mail, email, "Pat Key");
    await addPasskey(page, "Work laptop");
    const list = page.getByRole("list", { name: "Passkeys" });
    await expect(list.getByText("Work laptop")).toBeVisible();
    await expect(list.getByText("never used")).toBeVisible();

    // Autofill: the e-mail field asks the browser for a passkey as the page loads; the authenticator answers.
    await signOut(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/app$/);
    await expect(page.getByRole("heading", { name: "Hello, Pat Key" })).toBeVisible();
    const [entry] = (
      await sql(
        localhostApp.databaseUrl,
        "select details from audit_event where action = 'sign-in' and actor_label = ? order by id desc limit 1",
        [email],
      )
    ).rows;
    expect(JSON.parse(String(entry!.details))).toMatchObject({ method: "passkey" });

    // Autofill keeps the page the person was going to.
    await signOut(page);
    await page.goto("/app/account");
    await expect(page).toHaveURL(/\/app\/account$/);

    // The button, in a browser without passkey autofill: the person presses it and the prompt answers.
    await page.addInitScript(() => {
      PublicKeyCredential.isConditionalMediationAvailable = async () => false;
    });
    await signOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL(/\/app$/);

    // Used now; then renamed and removed.
    await page.goto("/app/account");
    await expect(list.getByText(/ · last used /)).toBeVisible();
    await expect(list.getByText("never used")).toHaveCount(0);
    const item = page.getByRole("list", { name: "Passkeys" }).getByRole("listitem");
    await item.getByLabel("Passkey name").fill("Old laptop");
    await item.getByRole("button", { name: "Rename" }).click();
    await expect(page.getByText("Passkey renamed.")).toBeVisible();
    await expect(item.getByText("Old laptop")).toBeVisible();
    await item.getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Passkey removed.")).toBeVisible();
    await expect(page.getByText("You have no passkey yet.")).toBeVisible();
  });

  test("a removed passkey no longer signs in", async ({ page, mail }, testInfo) => {
    const email = uniqueEmail(testInfo, "passkey-removed");
    await virtualAuthenticator(page);
    await signIn(page, mail, email, "Rem Oved");
    await addPasskey(page, "Phone");
    await page.getByRole("list", { name: "Passkeys" }).getByRole("button", { name: "Remove" }).click();
    await expect(page.getByText("Passkey removed.")).toBeVisible();
    await signOut(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/login\/error\?error=passkey/);
    await expect(page.getByRole("heading", { name: "Passkey not accepted" })).toBeVisible();
  });
});

test.describe("passkeys and the second factor @js-only", () => {
  for (const userVerification of [true, false]) {
    test(`a passkey ${userVerification ? "that verifies the person is both factors" : "without user verification asks for the second factor"}`, async ({
      page,
      mail,
      localhostApp,
    }, testInfo) => {
      test.slow();
      const email = uniqueEmail(testInfo, `passkey-uv-${userVerification}`);
      await virtualAuthenticator(page, { userVerification });
      await signIn(page, mail, email, "Two Keys");
      await addPasskey(page, "Laptop");
      await page.getByRole("link", { name: "Set up an authenticator app" }).click();
      const phone = authenticatorApp((await page.locator("code").first().innerText()).trim());
      await page.getByLabel("Code from the app").fill(await phone.code());
      await page.getByRole("button", { name: "Turn on" }).click();
      await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();

      await signOut(page);
      const signedOutAt = Date.now();
      const sessionsSince = async () =>
        (
          await sql(
            localhostApp.databaseUrl,
            "select count(*) as n from session join user on user.id = session.user_id where user.email = ? and session.created_at >= ?",
            [email, signedOutAt],
          )
        ).rows[0]!.n;
      // The e-mail field's autofill answers as the page loads.
      await page.goto("/login");
      if (userVerification) {
        await expect(page).toHaveURL(/\/app$/);
        return;
      }
      await expect(page).toHaveURL(/\/login\/second-factor/);
      expect(await sessionsSince()).toBe(0);
      await page.getByLabel("Authenticator code or recovery code").fill(await phone.code());
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page).toHaveURL(/\/app$/);
      expect(await sessionsSince()).toBe(1);
    });
  }
});

test.describe("passkeys without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the no-JavaScript page");

  test("/login is the e-mail code form alone and still signs in", async ({ page, mail }, testInfo) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
    await expect(page.getByLabel("Email")).toHaveAttribute("autocomplete", "email");
    const email = uniqueEmail(testInfo, "passkey-nojs");
    await signIn(page, mail, email, "No Script");
    await page.goto("/app/account");
    await expect(page.getByText("Adding a passkey needs JavaScript, which is off in this browser.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Add a passkey" })).toBeDisabled();
  });
});
