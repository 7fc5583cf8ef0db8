// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { afterEach, describe, expect, it } from "vitest";
import { i18nFor, renderWithRouter } from "../../../tests/support/render";
import { DatePicker } from "./date-picker";

afterEach(cleanup);

const monthTitle = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));
const longDate = (language: string, iso: string, dateStyle: "long" | "full" = "long") =>
  new Intl.DateTimeFormat(language, { dateStyle, timeZone: "UTC" }).format(new Date(`${iso}T00:00:00Z`));

function hiddenValue(container: HTMLElement) {
  return container.querySelector<HTMLInputElement>('input[type="hidden"][name="due"]')?.value;
}

function openCalendar() {
  fireEvent.click(screen.getByRole("button", { name: /Pick a date/ }));
  return screen.getByRole("dialog", { name: "Due date" });
}

describe("DatePicker", () => {
  it("is a labelled native date input on the server, before JavaScript", () => {
    const html = renderToString(
      <I18nextProvider i18n={i18nFor("en")}>
        <DatePicker name="due" label="Due date" defaultValue="2025-03-12" min="2025-01-01" />
      </I18nextProvider>,
    );
    const page = document.createElement("div");
    page.innerHTML = html;
    const input = page.querySelector("input") as HTMLInputElement;
    expect(page.querySelector(`label[for="${input.id}"]`)?.textContent).toBe("Due date");
    expect(input.type).toBe("date");
    expect(input.name).toBe("due");
    expect(input.value).toBe("2025-03-12");
    expect(input.min).toBe("2025-01-01");
    expect(within(page).queryByRole("button")).toBeNull();
    expect(html).not.toContain("Pick a date");
  });

  it("becomes a button once hydrated, carrying the ISO value in a hidden input", () => {
    const { container } = renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-12" />);
    expect(container.querySelector('input[type="date"]')).toBeNull();
    const button = screen.getByRole("button", { name: /Pick a date/ });
    expect(button.textContent).toContain(longDate("en", "2025-03-12"));
    expect(screen.getByRole("button", { name: /^Due date/ })).toBe(button);
    expect(hiddenValue(container)).toBe("2025-03-12");
  });

  it("opens a calendar on the month of the value, and a click on a day chooses it and closes", () => {
    const { container } = renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-12" />);
    const dialog = openCalendar();
    expect(within(dialog).getByRole("heading").textContent).toBe(monthTitle("en", "2025-03-01"));
    const grid = within(dialog).getByRole("grid");
    expect(within(grid).getAllByRole("columnheader").map((header) => header.textContent)).toEqual(["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]);
    const selected = within(dialog).getByRole("button", { name: longDate("en", "2025-03-12", "full") });
    expect(selected.closest("td")?.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(selected);

    fireEvent.click(within(dialog).getByRole("button", { name: longDate("en", "2025-03-20", "full") }));
    expect(hiddenValue(container)).toBe("2025-03-20");
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Pick a date/ }));
  });

  it("moves between months with the previous and next buttons", () => {
    renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-01-31" />);
    const dialog = openCalendar();
    fireEvent.click(within(dialog).getByRole("button", { name: "Next month" }));
    expect(within(dialog).getByRole("heading").textContent).toBe(monthTitle("en", "2025-02-01"));
    fireEvent.click(within(dialog).getByRole("button", { name: "Previous month" }));
    fireEvent.click(within(dialog).getByRole("button", { name: "Previous month" }));
    expect(within(dialog).getByRole("heading").textContent).toBe(monthTitle("en", "2024-12-01"));
  });

  it("moves by day and week with the arrows, selects with Enter, and Escape closes back to the button", () => {
    const { container } = renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-31" />);
    const dialog = openCalendar();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-04-01");
    expect(within(dialog).getByRole("heading").textContent).toBe(monthTitle("en", "2025-04-01"));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-04-08");
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    fireEvent.keyDown(document.activeElement!, { key: "ArrowUp" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-03-31");

    fireEvent.keyDown(document.activeElement!, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: /Pick a date/ }));
    expect(hiddenValue(container)).toBe("2025-03-31");

    // Enter (or Space) on the focused day is a native button press: it chooses that day.
    openCalendar();
    fireEvent.keyDown(document.activeElement!, { key: "ArrowRight" });
    fireEvent.click(document.activeElement!);
    expect(hiddenValue(container)).toBe("2025-04-01");
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("mirrors the arrows in Arabic: ArrowLeft is the next day", () => {
    renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-12" />, { language: "ar" });
    fireEvent.click(screen.getByRole("button", { name: /^Due date/ }));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-03-13");
  });

  it("names the month and weekdays in Arabic", () => {
    renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-12" />, { language: "ar" });
    fireEvent.click(screen.getByRole("button", { name: /^Due date/ }));
    const dialog = screen.getByRole("dialog", { name: "Due date" });
    const title = within(dialog).getByRole("heading").textContent ?? "";
    expect(title).toBe(monthTitle("ar", "2025-03-01"));
    expect(title).toMatch(/[\u0600-\u06FF]/);
    expect(title).not.toMatch(/March/);
  });

  it("disables the days outside min and max", () => {
    const { container } = renderWithRouter(() => <DatePicker name="due" label="Due date" defaultValue="2025-03-12" min="2025-03-10" max="2025-03-20" />);
    const dialog = openCalendar();
    const early = within(dialog).getByRole("button", { name: longDate("en", "2025-03-09", "full") });
    expect(early.getAttribute("aria-disabled")).toBe("true");
    fireEvent.click(early);
    expect(hiddenValue(container)).toBe("2025-03-12");
    expect(within(dialog).getByRole("button", { name: "Previous month" }).hasAttribute("disabled")).toBe(true);
    // The arrows stop at the bounds.
    for (let step = 0; step < 3; step++) fireEvent.keyDown(document.activeElement!, { key: "ArrowDown" });
    expect(document.activeElement?.getAttribute("data-date")).toBe("2025-03-20");
  });

  it("closes on a click outside", async () => {
    renderWithRouter(() => (
      <>
        <DatePicker name="due" label="Due date" />
        <p>outside</p>
      </>
    ));
    expect(screen.getByRole("button", { name: /Pick a date/ }).textContent).toContain("Pick a date");
    openCalendar();
    await act(async () => {
      fireEvent.pointerDown(screen.getByText("outside"));
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
