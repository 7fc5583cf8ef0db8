// A keyboard-only journey, JavaScript on and off: sign in with the e-mail code, then create and delete a repository,
// with Tab, Shift+Tab, Enter and typing only. At every stop the focused element is the expected control and shows a
// visible focus indicator (an outline or a ring drawn on :focus-visible).
import type { Locator, Page } from "@playwright/test";

import { expect, hydrates, sessionCookie, sql, test, uniqueEmail } from "./fixtures";

/** What the focused element shows: whether it matches :focus-visible and draws an outline or a ring there. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return { label: "<body>", visible: false };
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0;
    const ring = style.boxShadow !== "none";
    const label = `${element.tagName.toLowerCase()} "${(element.getAttribute("aria-label") ?? element.textContent ?? "").trim().slice(0, 40)}"`;
    return { label, visible: element.matches(":focus-visible") && (outline || ring) };
  });
}

/**
 * Presses Tab (or Shift+Tab) until `target` has focus, checking the focus indicator of every element on the way;
 * fails when `target` is not reached within `max` presses.
 */
async function tabTo(page: Page, target: Locator, { max = 40, backwards = false } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    await page.keyboard.press(backwards ? "Shift+Tab" : "Tab");
    const indicator = await focusIndicator(page);
    expect(indicator.visible, `focus indicator on ${indicator.label}`).toBe(true);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} not reached in ${max} presses of ${backwards ? "Shift+Tab" : "Tab"}`);
}

test("sign in, create a repository and delete it with the keyboard only", async ({ page, mail, app }, testInfo) => {
  test.setTimeout(90_000);
  const javaScript = testInfo.project.name === "js";
  // An administrator who has an account (made on the server); everything they do below is done with the keyboard.
  const email = uniqueEmail(testInfo, "keyboard");
  await sessionCookie(app, { email, name: "Kim Keys", role: "admin" });

  await page.goto("/login");
  const emailField = page.getByLabel("Email");
  await tabTo(page, emailField);
  const since = Date.now();
  await page.keyboard.type(email);
  await tabTo(page, page.getByRole("button", { name: "Continue with e-mail" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/login\/verify\?/);

  const code = await mail.waitForCode(email, { since });
  const codeField = page.getByLabel("Code");
  await tabTo(page, codeField);
  await page.keyboard.type(code);
  await tabTo(page, page.getByRole("button", { name: "Confirm" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manager/);
  await hydrates(page);

  // To the repositories, and their "New repository" page.
  await tabTo(page, page.getByRole("link", { name: "Repositories", exact: true }).first());
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manager\/repositories$/);
  await hydrates(page);
  await tabTo(page, page.getByRole("link", { name: "New repository" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manager\/repositories\/new$/);
  await hydrates(page);

  const name = `zz-keyboard-${testInfo.project.name}-${Math.random().toString(36).slice(2, 8)}`;
  // With JavaScript the form opens in a dialog that takes focus as it mounts: a Tab pressed before that lands on <body>.
  await expect(page.getByLabel("Name", { exact: true })).toBeVisible();
  await tabTo(page, page.getByLabel("Name", { exact: true }));
  await page.keyboard.type(name);
  await tabTo(page, page.getByLabel("Link", { exact: true }));
  await page.keyboard.type("github.com/keyboard/only");
  // Back up one field and forward again: Shift+Tab works as well.
  await tabTo(page, page.getByLabel("Name", { exact: true }), { backwards: true, max: 2 });
  await tabTo(page, page.getByLabel("Link", { exact: true }), { max: 2 });
  await tabTo(page, page.getByLabel("Description", { exact: true }), { max: 2 });
  await page.keyboard.type("Made without a mouse.");
  await tabTo(page, page.getByRole("button", { name: "Create" }), { max: 2 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manager\/repositories\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await hydrates(page);

  // Delete: the button opens "Are you sure?", Confirm deletes.
  const deleteLink = page.getByRole("link", { name: "Delete" });
  await tabTo(page, deleteLink);
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Are you sure?" });
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByRole("button", { name: "Confirm" }), { max: javaScript ? 3 : 60 });
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/manager\/repositories$/);
  await expect(page.getByText("Repository deleted.")).toBeVisible();
  const left = await sql(app.databaseUrl, "select count(*) as n from repository where name = ?", [name]);
  expect(Number(left.rows[0]?.n)).toBe(0);
});
