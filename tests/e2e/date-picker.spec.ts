// The date picker (ADR 055): without JavaScript the browser's own date input posts the day; with it, a "Pick a date"
// button opens a calendar used with the keyboard (arrows, Page Up/Down, Home/End, Enter, Escape) that posts the same
// YYYY-MM-DD value, in the page's language, right to left in Arabic, as a bottom drawer on a phone.
import { AxeBuilder } from "@axe-core/playwright";

import { addDays, addMonths, calendarText, startOfWeek, today } from "../../app/lib/calendar";
import { formatters } from "../../app/lib/format";
import { expectDate, fillDate } from "./date-field";
import { expect, sessionCookie, signInWithRole, sql, test, uniqueEmail } from "./fixtures";

const DAY_MS = 24 * 60 * 60 * 1000;

test("an admin picks a ban's end date with the keyboard, and the ban ends on that day", async ({
  page,
  mail,
  app,
}, testInfo) => {
  const email = await signInWithRole(page, mail, app, testInfo, "admin");
  // The ban asks for a recent step-up (ADR 053): done, as after a sign-in a minute ago; step-up.spec.ts takes it.
  await sql(
    app.databaseUrl,
    "insert or replace into step_up (session_id, verified_at) select session.id, ? from session join user on user.id = session.user_id where user.email = ?",
    [Date.now(), email],
  );
  const target = await sessionCookie(app, { email: uniqueEmail(testInfo, "dated"), name: "Dana Dated", role: "user" });
  await page.goto(`/manager/users/${target.userId}?modal=ban`);
  const dialog = page.getByRole("dialog", { name: "Ban this user" });

  // The first day a ban may end on is tomorrow (UTC): the calendar opens there, then a month and a day later.
  const tomorrow = new Date(Date.now() + DAY_MS).toISOString().slice(0, 10);
  const day = addDays(addMonths(tomorrow, 1), 1);
  if (testInfo.project.use.javaScriptEnabled === false) {
    await fillDate(page, dialog, "End date (optional)", day);
  } else {
    // The screenshots' desktop size, where the calendar once opened above its button, over the title and the reason.
    await page.setViewportSize({ width: 1280, height: 800 });
    const field = dialog.getByRole("button", { name: /^End date \(optional\) Pick a date$/ });
    await field.focus();
    await page.keyboard.press("Enter");
    const calendar = page.getByRole("dialog", { name: "Pick a date" });
    await expect(calendar.getByRole("button", { name: calendarText("en").full(tomorrow) })).toBeFocused();
    // It opens below its button, covering neither the dialog's title nor the reason field.
    const [calendarBox, fieldBox, reasonBox, titleBox] = await Promise.all(
      [
        calendar,
        field,
        dialog.getByLabel("Reason (optional)"),
        dialog.getByRole("heading", { name: "Ban this user" }),
      ].map((locator) => locator.boundingBox()),
    );
    expect(calendarBox!.y).toBeGreaterThanOrEqual(fieldBox!.y + fieldBox!.height);
    expect(reasonBox!.y + reasonBox!.height).toBeLessThanOrEqual(calendarBox!.y);
    expect(titleBox!.y + titleBox!.height).toBeLessThanOrEqual(calendarBox!.y);
    // Today cannot end a ban (the schema's first day is tomorrow): shown, and said, as not available.
    if (today().slice(0, 7) === tomorrow.slice(0, 7))
      await expect(calendar.getByRole("button", { name: calendarText("en").full(today()) })).toHaveAttribute(
        "aria-disabled",
        "true",
      );
    await page.keyboard.press("PageDown");
    await page.keyboard.press("ArrowRight");
    await expect(calendar.getByRole("heading")).toHaveText(calendarText("en").month(day));
    await expect(calendar.getByRole("button", { name: calendarText("en").full(day) })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(calendar).toHaveCount(0);
    // Focus is back on the field, which now shows the day.
    await expect(
      dialog.getByRole("button", { name: `End date (optional) ${formatters("en").date(day)}` }),
    ).toBeFocused();
  }
  await dialog.getByRole("button", { name: "Ban" }).click();
  await expect(page.getByText("The user is banned and signed out everywhere.")).toBeVisible();
  const [row] = (await sql(app.databaseUrl, "select ban_expires from user where id = ?", [target.userId])).rows;
  // The ban ends as that day ends, in UTC (better-auth counts the seconds from now: within a minute of it).
  expect(Math.abs(Number(row!.ban_expires) - (Date.parse(`${day}T00:00:00Z`) + DAY_MS))).toBeLessThan(60_000);
});

test("the audit trail's dates: picked, cleared, and sent in the URL", async ({ page, mail, app }, testInfo) => {
  await signInWithRole(page, mail, app, testInfo, "admin");
  await page.goto("/manager/audit");
  const form = page.getByRole("form", { name: "Filter the audit trail" });
  if (testInfo.project.use.javaScriptEnabled === false) {
    // No JavaScript: the browser's own date input, and no picker.
    await expect(page.getByRole("button", { name: /Pick a date/ })).toHaveCount(0);
    await form.getByLabel("From", { exact: true }).fill("2026-11-02");
    await form.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]from=2026-11-02(&|$)/);
    await expect(form.getByLabel("From", { exact: true })).toHaveValue("2026-11-02");
    return;
  }
  // The calendar opens on today; Page Up a month back, Home to that week's Sunday (English weeks start on Sunday).
  const day = startOfWeek(addMonths(today(), -1), 7);
  await form.getByRole("button", { name: "From Pick a date" }).focus();
  await page.keyboard.press("Enter");
  const calendar = page.getByRole("dialog", { name: "Pick a date" });
  await expect(calendar.getByRole("button", { name: calendarText("en").full(today()) })).toBeFocused();
  await page.keyboard.press("PageUp");
  await page.keyboard.press("Home");
  await page.keyboard.press("Enter");
  await form.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]from=${day}(&|$)`));
  await expectDate(form, "From", day);

  // Escape closes the calendar without a change, and the focus is back on its button; Clear empties the field.
  const field = form.getByRole("button", { name: `From ${formatters("en").date(day)}` });
  await field.click();
  await expect(calendar.getByRole("button", { name: calendarText("en").full(day) })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(calendar).toHaveCount(0);
  await expect(field).toBeFocused();
  await fillDate(page, form, "From", "");
  await expectDate(form, "From", "");
});

test(
  "in Arabic the calendar is right to left: weeks from Saturday, arrows mirrored; a drawer on a phone",
  { tag: "@js-only" },
  async ({ page, mail, app }, testInfo) => {
    await signInWithRole(page, mail, app, testInfo, "admin");
    await page.goto("/manager/audit?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const names = calendarText("ar");
    await page.getByRole("button", { name: "اختر تاريخًا" }).first().click();
    const calendar = page.getByRole("dialog", { name: "اختر تاريخًا" });
    await expect(calendar.getByRole("columnheader").first()).toHaveAccessibleName("السبت");
    await expect(calendar.getByRole("button", { name: names.full(today()) })).toBeFocused();
    // Left is forward in time right to left.
    await page.keyboard.press("ArrowLeft");
    await expect(calendar.getByRole("button", { name: names.full(addDays(today(), 1)) })).toBeFocused();
    await page.keyboard.press("End");
    await expect(
      calendar.getByRole("button", { name: names.full(addDays(startOfWeek(addDays(today(), 1), 6), 6)) }),
    ).toBeFocused();
    // The open calendar passes axe's WCAG 2.1 AA rules (serious and critical, as accessibility.spec.ts counts them).
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .setLegacyMode()
      .analyze();
    expect(violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
    await page.keyboard.press("Escape");
    await expect(calendar).toHaveCount(0);

    // A phone: the same calendar in a bottom drawer, as the other dialogs.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole("button", { name: "اختر تاريخًا" }).first().click();
    await expect(calendar.getByRole("grid")).toBeVisible();
    // Once the drawer has slid up: its bottom on the screen's, its whole width.
    await expect
      .poll(async () => {
        const box = await calendar.boundingBox();
        return box && [Math.round(box.y + box.height), Math.round(box.width)];
      })
      .toEqual([844, 390]);
    await page.goto("/manager/audit?lng=en");
  },
);
