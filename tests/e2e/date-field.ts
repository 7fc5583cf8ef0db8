// A date field as a person sets it (app/components/ui/date-picker.tsx, ADR 055): without JavaScript the browser's own
// date input, typed into; with it, the "Pick a date" button and its calendar, months turned until the day shows.
import type { Locator, Page } from "@playwright/test";

import { calendarText } from "../../app/lib/calendar";
import { expect, test } from "./fixtures";

const javaScript = () => test.info().project.use.javaScriptEnabled !== false;

/** The date field labelled `label` in `scope`: the native input, or the picker's button (named by label and date). */
function dateField(scope: Page | Locator, label: string): Locator {
  return javaScript()
    ? scope.getByRole("button", { name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} `) })
    : scope.getByLabel(label, { exact: true });
}

/** Sets the field to `day` (YYYY-MM-DD), or empties it (""). */
export async function fillDate(page: Page, scope: Page | Locator, label: string, day: string) {
  const field = dateField(scope, label);
  if (!javaScript()) return field.fill(day);
  if (day === "" && (await field.textContent())?.includes("Pick a date")) return;
  await field.click();
  const calendar = page.getByRole("dialog", { name: "Pick a date" });
  await expect(calendar.getByRole("grid")).toBeVisible();
  if (day === "") {
    const clear = calendar.getByRole("button", { name: "Clear the date" });
    if ((await clear.count()) > 0) await clear.click();
    else await page.keyboard.press("Escape");
  } else {
    const target = calendar.getByRole("button", { name: calendarText("en").full(day), exact: true });
    for (let turns = 0; turns < 240 && (await target.count()) === 0; turns += 1) {
      const shown = await calendar.getByRole("grid").getByRole("button").first().getAttribute("data-day");
      await calendar.getByRole("button", { name: shown! > day ? "Previous month" : "Next month" }).click();
    }
    await target.click();
  }
  await expect(calendar).toHaveCount(0);
}

/** What the field holds: the native input's value, or the picker's text ("Pick a date" when empty). */
export async function expectDate(scope: Page | Locator, label: string, day: string) {
  const field = dateField(scope, label);
  if (!javaScript()) return expect(field).toHaveValue(day);
  await expect(field).toHaveText(day === "" ? "Pick a date" : new RegExp(calendarText("en").month(day).split(" ")[0]!));
}
