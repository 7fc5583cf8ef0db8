import type { Page, TestInfo } from "@playwright/test";

import { enterCode, expect, sessionCookie, sql, test, uniqueEmail } from "./fixtures";
import type { TestServer } from "./server";

async function signInOnDemo(page: Page, demoApp: TestServer, testInfo: TestInfo, role: "admin" | "user") {
  const email = uniqueEmail(testInfo, `demo-${role}`);
  const cookie = await sessionCookie(demoApp, { email, name: "Dana Demo", role });
  await page
    .context()
    .addCookies([{ name: cookie.name, value: cookie.value, url: demoApp.url, httpOnly: true, sameSite: "Lax" }]);
  return { email, userId: cookie.userId };
}

test.describe("demo mode", () => {
  test("the login page shows the demo accounts, which sign in with the fixed code", async ({ page, demoApp }) => {
    await page.goto(`${demoApp.url}/login`);
    await expect(page.getByRole("heading", { name: "Log in" })).toBeVisible();
    await expect(page.getByText("Demo accounts")).toBeVisible();
    await expect(page.getByText("admin@example.com")).toBeVisible();
    await expect(page.getByText("enter the code 000000")).toBeVisible();
    await expect(
      page.getByRole("button", { name: "GitHub" }),
      "GitHub sign-in is offered only when configured",
    ).toHaveCount(0);
    await expect(
      page.getByRole("heading", { name: "Log in", exact: true }),
      "sign-up is off in demo mode",
    ).toBeVisible();
    await page.getByLabel("Email").fill("admin@example.com");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("Demo account: the code is 000000.")).toBeVisible();
    await enterCode(page, "000000");
    await expect(page).toHaveURL(/\/manager\/dashboard$/);
  });

  test("the notice keeps its command whole, mails its makers, and can be put away for the visit", async ({
    page,
    demoApp,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${demoApp.url}/login`);
    const notice = page.getByRole("complementary", { name: "This is a demo" });
    const command = notice.getByText(/^git clone /);
    // Where each line of the command starts: at a space, and never after "&&" (which goes with what follows it).
    const lineStarts = await command.evaluate((element) => {
      const text = element.textContent!;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      const starts: string[] = [];
      let top: number | null = null;
      let offset = 0;
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (let index = 0; index < node.textContent!.length; index++) {
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getBoundingClientRect();
          if (top !== null && rect.top > top + 2) starts.push(text.slice(offset + index - 2, offset + index + 1));
          top = rect.top;
        }
        offset += node.textContent!.length;
      }
      return starts;
    });
    for (const start of lineStarts) {
      expect(start[1], `a line broken at a space, not "${start}"`).toBe(" ");
      expect(start[0], `a line that does not end with && ("${start}")`).not.toBe("&");
    }
    await expect(notice.getByRole("link", { name: "hello@groundwork.dev" })).toHaveAttribute(
      "href",
      "mailto:hello@groundwork.dev",
    );

    await notice.getByRole("button", { name: "Hide for this visit" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("complementary", { name: "This is a demo" })).toHaveCount(0);
    await page.goto(`${demoApp.url}/login/verify?email=a%40example.test`);
    await expect(page.getByRole("complementary", { name: "This is a demo" }), "hidden for the visit").toHaveCount(0);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === "demo-notice");
    expect(cookie?.expires, "a cookie of the visit (the browser's session)").toBe(-1);
  });

  test("other addresses cannot sign up and get no fixed code", async ({ page, demoApp }) => {
    await page.goto(`${demoApp.url}/login`);
    await page.getByLabel("Email").fill("visitor@example.test");
    await page.getByRole("button", { name: "Continue with e-mail" }).click();
    await expect(page.getByText("If you have an account, we sent a code to visitor@example.test.")).toBeVisible();
    await enterCode(page, "000000");
    await expect(page.getByText("Code is invalid")).toBeVisible();
  });

  test("a refused change on a page keeps what was typed, under one Demo Mode dialog", async ({
    page,
    demoApp,
  }, testInfo) => {
    await signInOnDemo(page, demoApp, testInfo, "admin");
    await page.goto(`${demoApp.url}/manager/repositories/new`);
    const name = `zz-demo-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Link", { exact: true }).fill("github.com/demo/refused");
    await page.getByLabel("Description", { exact: true }).fill("Typed, refused, kept.");
    await page.getByRole("button", { name: "Create" }).click();

    await expect(page.getByRole("dialog", { name: "Demo Mode" })).toBeVisible();
    await expect(page.getByText("This is a read-only demo, this action is disabled.")).toHaveCount(1);
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(page).toHaveURL(/\/manager\/repositories\/new\?modal=demo$/);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
    await expect(page.getByLabel("Link", { exact: true })).toHaveValue("github.com/demo/refused");
    await expect(page.getByLabel("Description", { exact: true })).toHaveValue("Typed, refused, kept.");
    const made = await sql(demoApp.databaseUrl, "select count(*) as n from repository where name = ?", [name]);
    expect(Number(made.rows[0]?.n)).toBe(0);

    // The values are kept for that answer only: the page loaded again starts empty.
    await page.goto(`${demoApp.url}/manager/repositories/new`);
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue("");
  });

  test("a refused rename stays in its one dialog, which says why and keeps the new name", async ({
    page,
    demoApp,
  }, testInfo) => {
    const { userId } = await signInOnDemo(page, demoApp, testInfo, "user");
    await page.goto(`${demoApp.url}/app/account`);
    await page.getByRole("link", { name: "Change name" }).click();
    const dialog = page.getByRole("dialog", { name: "Change your name" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Name").fill("Someone Else");
    await dialog.getByRole("button", { name: "Save" }).click();

    await expect(dialog.getByText("This is a read-only demo, this action is disabled.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(page.getByText("This is a read-only demo, this action is disabled.")).toHaveCount(1);
    await expect(dialog.getByLabel("Name")).toHaveValue("Someone Else");
    const stored = await sql(demoApp.databaseUrl, "select name from user where id = ?", [userId]);
    expect(stored.rows[0]?.name).toBe("Dana Demo");
  });

  test("a refused ban keeps its dialog, the reason typed and the refusal in it", async ({
    page,
    demoApp,
  }, testInfo) => {
    await signInOnDemo(page, demoApp, testInfo, "admin");
    const target = await sessionCookie(demoApp, {
      email: uniqueEmail(testInfo, "demo-ban"),
      name: "Bea Target",
      role: "user",
    });
    await page.goto(`${demoApp.url}/manager/users/${target.userId}`);
    await page.getByRole("link", { name: "Ban" }).click();
    const dialog = page.getByRole("dialog", { name: "Ban this user" });
    await dialog.getByLabel("Reason").fill("Refused in the demo");
    await dialog.getByRole("button", { name: "Ban" }).click();

    await expect(dialog.getByText("This is a read-only demo, this action is disabled.")).toBeVisible();
    await expect(page.getByRole("dialog")).toHaveCount(1);
    await expect(dialog.getByLabel("Reason")).toHaveValue("Refused in the demo");
    const banned = await sql(demoApp.databaseUrl, "select banned from user where id = ?", [target.userId]);
    expect(Number(banned.rows[0]?.banned ?? 0)).toBe(0);
  });
});
