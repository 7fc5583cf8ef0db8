// A step-up before what cannot be undone (ADR 053), as a person meets it, JavaScript on and off: asked on the spot,
// by an e-mail code for a person without a second factor and by the authenticator app for one with it, and then the
// action runs as it was first asked, with the form's values; for the next minutes, nothing more is asked.
import { randomUUID } from "node:crypto";
import type { Page, TestInfo } from "@playwright/test";

import type { SmtpSink } from "../support/smtp-sink";
import { authenticatorApp, type AuthenticatorApp } from "./authenticator-app";
import { expect, sessionCookie, sql, test, uniqueEmail } from "./fixtures";
import type { TestServer } from "./server";

async function signedIn(page: Page, app: TestServer, person: { email: string; name: string; role: "admin" | "user" }) {
  const cookie = await sessionCookie(app, person);
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: app.url, httpOnly: true, sameSite: "Lax" }]);
  return cookie.userId;
}

test.describe("a step-up", () => {
  test("by e-mail code: asked on the spot, then the ban runs with its reason; the next action asks nothing", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    const adminEmail = uniqueEmail(testInfo, "zz-step-admin");
    await signedIn(page, app, { email: adminEmail, name: "Sten Admin", role: "admin" });
    const targetId = (
      await sessionCookie(app, { email: uniqueEmail(testInfo, "zz-step-target"), name: "Tess Target", role: "user" })
    ).userId;
    await page.goto(`/manager/users/${targetId}`);
    await page.getByRole("link", { name: "Ban" }).click();
    const dialog = page.getByRole("dialog", { name: "Ban this user" });
    await dialog.getByLabel("Reason (optional)").fill("Kept through the step-up");
    await dialog.getByRole("button", { name: "Ban" }).click();

    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await expect(page.getByText(`we will send a code to ${adminEmail}`)).toBeVisible();
    const since = Date.now();
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByText(`We sent a code to ${adminEmail}.`)).toBeVisible();
    const code = await mail.waitForCode(adminEmail, { since });
    await page.getByLabel("Code from the e-mail").fill(String((Number(code) + 1) % 1_000_000).padStart(6, "0"));
    await page.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(page.getByText("This code is not right.")).toBeVisible();
    await page.getByLabel("Code from the e-mail").fill(code);
    await page.getByRole("button", { name: "Confirm and continue" }).click();

    await expect(page.getByText("The user is banned and signed out everywhere.")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/manager/users/${targetId}$`));
    await expect(
      page.getByRole("region", { name: "Profile" }).getByText("Reason: Kept through the step-up"),
    ).toBeVisible();

    // Within the next minutes, deleting the same user asks nothing more.
    await page.getByRole("link", { name: "Delete" }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/manager\/users$/);
  });

  test("by e-mail code: an owner makes a member an admin of their organization", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    const ownerEmail = uniqueEmail(testInfo, "step-org-owner");
    const ownerId = await signedIn(page, app, { email: ownerEmail, name: "Otto Owner", role: "user" });
    const colleagueId = (
      await sessionCookie(app, { email: uniqueEmail(testInfo, "step-org-member"), name: "Mia Member", role: "user" })
    ).userId;
    const [organizationId, slug, now] = [randomUUID(), `step-up-${randomUUID().slice(0, 8)}`, Date.now()];
    await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
      organizationId,
      "Stepped Org",
      slug,
      now,
    ]);
    for (const [userId, role] of [
      [ownerId, "owner"],
      [colleagueId, "member"],
    ])
      await sql(
        app.databaseUrl,
        "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, ?, ?)",
        [randomUUID(), organizationId, userId!, role!, now],
      );
    await page.goto(`/app/organizations/${slug}/members`);
    const row = () =>
      page.getByRole("list", { name: "Members of the organization" }).getByRole("listitem").filter({ hasText: "Mia" });
    await row().getByLabel("Role of Mia Member").selectOption("admin");
    await row().getByRole("button", { name: "Change role" }).click();

    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    const since = Date.now();
    await page.getByRole("button", { name: "Send me a code" }).click();
    await expect(page.getByText(`We sent a code to ${ownerEmail}.`)).toBeVisible();
    await page.getByLabel("Code from the e-mail").fill(await mail.waitForCode(ownerEmail, { since }));
    await page.getByRole("button", { name: "Confirm and continue" }).click();

    await expect(page.getByText("Role changed")).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/members$`));
    await expect(row().getByLabel("Role of Mia Member")).toHaveValue("admin");
    const [changed] = (
      await sql(app.databaseUrl, "select role from member where user_id = ? and organization_id = ?", [
        colleagueId,
        organizationId,
      ])
    ).rows;
    expect(changed?.role).toBe("admin");
  });

  test("with an authenticator app: its code, then the e-mail change goes on to the new address", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "step-totp");
    const newEmail = uniqueEmail(testInfo, "step-totp-new");
    await signedIn(page, app, { email, name: "Tom Totp", role: "user" });
    await page.goto("/app/account/second-factor");
    const phone = authenticatorApp((await page.locator("code").first().innerText()).trim());
    await page.getByLabel("Code from the app").fill(await phone.code());
    await page.getByRole("button", { name: "Turn on" }).click();
    await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();

    await page.goto("/app/account");
    await page.getByRole("link", { name: "Change e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your e-mail address" });
    await dialog.getByLabel("New e-mail address").fill(newEmail);
    await dialog.getByRole("button", { name: "Send code" }).click();

    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    // No e-mail code for a person with a second factor.
    await expect(page.getByRole("button", { name: "Send me a code" })).toHaveCount(0);
    const since = Date.now();
    await page.getByLabel("Authenticator code or recovery code").fill(await phone.code());
    await page.getByRole("button", { name: "Confirm and continue" }).click();
    await expect(page.getByText(`We sent a code to ${newEmail}.`)).toBeVisible();
    await expect(page).toHaveURL(/[?&]newEmail=/);
    expect(await mail.waitForCode(newEmail, { since })).toMatch(/^\d{6}$/);
  });

  test("cancelled, it does nothing and goes back to the page", async ({ page, app }, testInfo) => {
    const email = uniqueEmail(testInfo, "step-cancel");
    await signedIn(page, app, { email, name: "Cal Cancel", role: "user" });
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Change e-mail" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your e-mail address" });
    await dialog.getByLabel("New e-mail address").fill(uniqueEmail(testInfo, "step-cancel-new"));
    await dialog.getByRole("button", { name: "Send code" }).click();
    await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/app\/account$/);
    await expect(page.getByRole("definition").filter({ hasText: email })).toBeVisible();
  });
});

/** Answers "Confirm it's you" with a code sent to `email`, as a person without a second factor does. */
async function proveByEmail(page: Page, mail: SmtpSink, email: string) {
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  const since = Date.now();
  await page.getByRole("button", { name: "Send me a code" }).click();
  await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
  await page.getByLabel("Code from the e-mail").fill(await mail.waitForCode(email, { since }));
  await page.getByRole("button", { name: "Confirm and continue" }).click();
}

/** An organization of `ownerId`, straight in the database. */
async function organizationOf(app: TestServer, ownerId: string) {
  const [id, slug, now] = [randomUUID(), `step-up-${randomUUID().slice(0, 8)}`, Date.now()];
  await sql(app.databaseUrl, "insert into organization (id, name, slug, created_at) values (?, ?, ?, ?)", [
    id,
    "Doomed Org",
    slug,
    now,
  ]);
  await sql(
    app.databaseUrl,
    "insert into member (id, organization_id, user_id, role, created_at) values (?, ?, ?, 'owner', ?)",
    [randomUUID(), id, ownerId, now],
  );
  return { id, slug };
}

const count = async (app: TestServer, table: "user" | "organization", id: string) =>
  Number((await sql(app.databaseUrl, `select count(*) as n from ${table} where id = ?`, [id])).rows[0]?.n);

// Each other action that cannot be undone (ADR 053), done from its page by a person without a second factor: the
// step-up meets it, an e-mail code answers, and the action is done.
const byEmailCode: Array<{
  action: string;
  role: "admin" | "user";
  /** Arranges what the action needs and does it from the page, as a person would. */
  act: (page: Page, app: TestServer, me: string, testInfo: TestInfo) => Promise<string>;
  /** Checks it is done; `subject` is what `act` returned. */
  done: (page: Page, app: TestServer, subject: string) => Promise<void>;
}> = [
  {
    action: "impersonating a user",
    role: "admin",
    act: async (page, app, _me, testInfo) => {
      const target = await sessionCookie(app, {
        email: uniqueEmail(testInfo, "step-imp"),
        name: "Ivy Impersonated",
        role: "user",
      });
      await page.goto(`/manager/users/${target.userId}`);
      await page.getByRole("button", { name: "Impersonate" }).click();
      return target.userId;
    },
    done: async (page) => {
      await expect(page).toHaveURL(/\/app$/);
      await expect(
        page.getByRole("region", { name: "Impersonation" }).getByText("You are impersonating Ivy Impersonated"),
      ).toBeVisible();
    },
  },
  {
    action: "changing a user's site role",
    role: "admin",
    act: async (page, app, _me, testInfo) => {
      const target = await sessionCookie(app, {
        email: uniqueEmail(testInfo, "step-role"),
        name: "Rae Role",
        role: "user",
      });
      await page.goto(`/manager/users/${target.userId}/update`);
      await page.getByLabel("Role", { exact: true }).selectOption("admin");
      await page.getByRole("button", { name: "Save" }).click();
      return target.userId;
    },
    done: async (page, app, userId) => {
      await expect(page.getByText("User updated.")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`/manager/users/${userId}$`));
      const [row] = (await sql(app.databaseUrl, "select role from user where id = ?", [userId])).rows;
      expect(row?.role).toBe("admin");
    },
  },
  {
    action: "deleting a user",
    role: "admin",
    act: async (page, app, _me, testInfo) => {
      const target = await sessionCookie(app, {
        email: uniqueEmail(testInfo, "step-del"),
        name: "Dee Deleted",
        role: "user",
      });
      await page.goto(`/manager/users/${target.userId}`);
      await page.getByRole("link", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
      return target.userId;
    },
    done: async (page, app, userId) => {
      await expect(page).toHaveURL(/\/manager\/users$/);
      expect(await count(app, "user", userId)).toBe(0);
    },
  },
  {
    action: "a manager deleting an organization",
    role: "admin",
    act: async (page, app, _me, testInfo) => {
      const owner = await sessionCookie(app, {
        email: uniqueEmail(testInfo, "step-org-own"),
        name: "Oda Owner",
        role: "user",
      });
      const { id } = await organizationOf(app, owner.userId);
      await page.goto(`/manager/organizations/${id}`);
      await page.getByRole("link", { name: "Delete the organization" }).click();
      await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
      return id;
    },
    done: async (page, app, id) => {
      await expect(page).toHaveURL(/\/manager\/organizations$/);
      await expect(page.getByText("Organization Doomed Org deleted")).toBeVisible();
      expect(await count(app, "organization", id)).toBe(0);
    },
  },
  {
    action: "an owner deleting their organization",
    role: "user",
    act: async (page, app, me) => {
      const { id, slug } = await organizationOf(app, me);
      await page.goto(`/app/organizations/${slug}/settings`);
      await page.getByRole("link", { name: "Delete the organization" }).click();
      await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
      return id;
    },
    done: async (page, app, id) => {
      await expect(page).toHaveURL(/\/app\/organizations$/);
      await expect(page.getByText("Organization Doomed Org deleted")).toBeVisible();
      expect(await count(app, "organization", id)).toBe(0);
    },
  },
];

test.describe("a step-up by e-mail code before", () => {
  for (const { action, role, act, done } of byEmailCode)
    test(action, async ({ page, app, mail }, testInfo) => {
      const email = uniqueEmail(testInfo, "step-each");
      const me = await signedIn(page, app, { email, name: "Sam Stepper", role });
      const subject = await act(page, app, me, testInfo);
      await proveByEmail(page, mail, email);
      await done(page, app, subject);
    });
});

/** Turns the second factor on from its page; the authenticator app that holds it. */
async function secondFactorOn(page: Page) {
  await page.goto("/app/account/second-factor");
  const phone = authenticatorApp((await page.locator("code").first().innerText()).trim());
  await page.getByLabel("Code from the app").fill(await phone.code());
  await page.getByRole("button", { name: "Turn on" }).click();
  await expect(page.getByRole("heading", { name: "Two-step verification is on" })).toBeVisible();
  return phone;
}

/** Answers "Confirm it's you" with the authenticator app. */
async function proveByApp(page: Page, phone: AuthenticatorApp) {
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByLabel("Authenticator code or recovery code").fill(await phone.code());
  await page.getByRole("button", { name: "Confirm and continue" }).click();
}

test.describe("a step-up with an authenticator app before", () => {
  test("turning the second factor off: a wrong code in its form asks again, the app's code turns it off", async ({
    page,
    app,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "step-2fa-off");
    const me = await signedIn(page, app, { email, name: "Otis Off", role: "user" });
    const phone = await secondFactorOn(page);
    await page.goto("/app/account");
    await page.getByLabel("Authenticator code or recovery code").fill("000000");
    await page.getByRole("button", { name: "Turn off" }).click();
    await expect(page.getByText("This code is not right.")).toBeVisible();
    await proveByApp(page, phone);
    await expect(page.getByText("Two-step verification is off.")).toBeVisible();
    const left = await sql(app.databaseUrl, "select count(*) as n from second_factor where user_id = ?", [me]);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });

  test("deleting one's account: the app's code, then the e-mail's code deletes it", async ({
    page,
    app,
    mail,
  }, testInfo) => {
    test.slow();
    const email = uniqueEmail(testInfo, "step-leave");
    const me = await signedIn(page, app, { email, name: "Lea Leaving", role: "user" });
    const phone = await secondFactorOn(page);
    await page.goto("/app/account");
    await page.getByRole("link", { name: "Delete my account" }).click();
    await page.getByRole("dialog", { name: "Delete my account" }).getByRole("button", { name: "Send code" }).click();
    const since = Date.now();
    await proveByApp(page, phone);
    await expect(page.getByText(`We sent a code to ${email}.`)).toBeVisible();
    const dialog = page.getByRole("dialog", { name: "Delete my account" });
    await dialog.getByLabel("Code").fill(await mail.waitForCode(email, { since }));
    await dialog.getByRole("button", { name: "Delete for good" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByText("Your account was deleted.")).toBeVisible();
    expect(await count(app, "user", me)).toBe(0);
  });
});

// WebAuthn needs a domain: the passkey runs on the server at http://localhost (ADR 052).
const onLocalhost = test.extend({ baseURL: async ({ localhostApp }, use) => use(localhostApp.url) });

onLocalhost.describe("a step-up with a passkey @js-only", () => {
  onLocalhost(
    "the person's passkey answers it, then the e-mail change goes on",
    async ({ page, localhostApp, mail }, testInfo) => {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("WebAuthn.enable");
      await cdp.send("WebAuthn.addVirtualAuthenticator", {
        options: {
          protocol: "ctap2",
          transport: "internal",
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });
      const newEmail = uniqueEmail(testInfo, "step-key-new");
      await signedIn(page, localhostApp, { email: uniqueEmail(testInfo, "step-key"), name: "Kim Key", role: "user" });
      await page.goto("/app/account");
      await page.getByLabel("Passkey name").last().fill("Desk key");
      await page.getByRole("button", { name: "Add a passkey" }).click();
      await expect(page.getByText("Passkey added.")).toBeVisible();

      await page.getByRole("link", { name: "Change e-mail" }).click();
      const dialog = page.getByRole("dialog", { name: "Change your e-mail address" });
      await dialog.getByLabel("New e-mail address").fill(newEmail);
      await dialog.getByRole("button", { name: "Send code" }).click();
      await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
      const since = Date.now();
      await page.getByRole("button", { name: "Use a passkey" }).click();
      await expect(page.getByText(`We sent a code to ${newEmail}.`)).toBeVisible();
      expect(await mail.waitForCode(newEmail, { since })).toMatch(/^\d{6}$/);
      const [entry] = (
        await sql(
          localhostApp.databaseUrl,
          "select details from audit_event where action = 'step-up' and outcome = 'success' and target_label like ?",
          [`%step-key%`],
        )
      ).rows;
      expect(JSON.parse(String(entry!.details))).toEqual({ method: "passkey" });
    },
  );
});
