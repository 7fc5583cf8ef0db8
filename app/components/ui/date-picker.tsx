import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/use-hydrated";

type DatePickerProps = {
  /** The form field name; the value posted is an ISO date "YYYY-MM-DD" (or "" when none is chosen). */
  name: string;
  /** "YYYY-MM-DD" or "". */
  defaultValue?: string;
  label: string;
  /** Earliest and latest selectable days, "YYYY-MM-DD". */
  min?: string;
  max?: string;
};

/**
 * A date field (docs/product.md, "Date picker button"). The server renders a native date input, which works without
 * JavaScript; once hydrated it becomes a button opening a calendar in the page's language and direction.
 */
export function DatePicker({ name, defaultValue = "", label, min, max }: DatePickerProps) {
  const hydrated = useHydrated();
  const id = useId();
  if (!hydrated) {
    return (
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        <input
          id={id}
          type="date"
          name={name}
          defaultValue={isIsoDate(defaultValue) ? defaultValue : ""}
          min={min}
          max={max}
          className="min-h-10 rounded-md border border-zinc-300 bg-white px-3 py-2 text-base text-zinc-900 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        />
      </div>
    );
  }
  return <CalendarDatePicker id={id} name={name} defaultValue={defaultValue} label={label} min={min} max={max} />;
}

function CalendarDatePicker({ id, name, defaultValue, label, min, max }: Required<Pick<DatePickerProps, "name" | "label" | "defaultValue">> & Pick<DatePickerProps, "min" | "max"> & { id: string }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const rtl = i18n.dir(language) === "rtl";
  const [value, setValue] = useState(isIsoDate(defaultValue) ? defaultValue : "");
  const [open, setOpen] = useState(false);
  // The day with the roving focus; the calendar shows its month.
  const [active, setActive] = useState(() => clamp(value || todayIso(), min, max));
  // Set when the keyboard moved the active day, so the new day button takes the focus after rendering.
  const [focusDay, setFocusDay] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const gridRef = useRef<HTMLTableElement>(null);
  const labelId = `${id}-label`;
  const buttonId = `${id}-button`;
  const valueId = `${id}-value`;
  const titleId = `${id}-title`;
  const dialogId = `${id}-dialog`;

  useEffect(() => {
    if (!open || !focusDay) return;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-date="${active}"]`)?.focus();
  }, [open, focusDay, active]);

  useEffect(() => {
    if (!open) return;
    const closeOnOutside = (event: PointerEvent) => {
      if (event.target instanceof Node && !containerRef.current?.contains(event.target)) setOpen(false);
    };
    document.addEventListener("pointerdown", closeOnOutside);
    return () => document.removeEventListener("pointerdown", closeOnOutside);
  }, [open]);

  function openCalendar() {
    setActive(clamp(value || todayIso(), min, max));
    setFocusDay(true);
    setOpen(true);
  }

  function close() {
    setOpen(false);
    setFocusDay(false);
    buttonRef.current?.focus();
  }

  function select(day: string) {
    if (!inRange(day, min, max)) return;
    setValue(day);
    close();
  }

  function moveTo(day: string) {
    setActive(clamp(day, min, max));
    setFocusDay(true);
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const forward = rtl ? -1 : 1;
    const moves: Record<string, () => string> = {
      ArrowLeft: () => addDays(active, -forward),
      ArrowRight: () => addDays(active, forward),
      ArrowUp: () => addDays(active, -7),
      ArrowDown: () => addDays(active, 7),
      Home: () => addDays(active, -mondayIndex(active)),
      End: () => addDays(active, 6 - mondayIndex(active)),
      PageUp: () => addMonths(active, event.shiftKey ? -12 : -1),
      PageDown: () => addMonths(active, event.shiftKey ? 12 : 1),
    };
    const move = moves[event.key];
    if (!move) return;
    event.preventDefault();
    moveTo(move());
  }

  const { year, month } = parts(active);
  const monthTitle = format(language, active, { month: "long", year: "numeric" });
  const weeks = monthGrid(year, month);
  const today = todayIso();
  const previousMonthEnd = addDays(`${year}-${pad(month)}-01`, -1);
  const nextMonthStart = addMonths(`${year}-${pad(month)}-01`, 1);
  const canGoBack = !min || previousMonthEnd >= min;
  const canGoForward = !max || nextMonthStart <= max;

  return (
    <div
      ref={containerRef}
      className="relative flex flex-col items-start gap-1"
      onBlur={(event) => {
        // Tabbing out of the calendar closes it; focus lost to nothing (a day button re-rendered away) does not.
        const next = event.relatedTarget;
        if (next instanceof Node && !event.currentTarget.contains(next)) setOpen(false);
      }}
    >
      <label id={labelId} htmlFor={buttonId} className="text-sm font-medium">
        {label}
      </label>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        aria-labelledby={`${labelId} ${valueId}`}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? dialogId : undefined}
        onClick={() => (open ? close() : openCalendar())}
        className="inline-flex min-h-10 min-w-56 items-center gap-2 rounded-md border border-zinc-300 bg-white px-3 py-2 text-start text-base text-zinc-900 hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800"
      >
        <CalendarIcon />
        {/* Named "<label> <date> Pick a date": the field, its value, and what the button does. */}
        {value ? (
          <span id={valueId}>
            {format(language, value, { dateStyle: "long" })}
            <span className="sr-only"> {t("ui.pickDate")}</span>
          </span>
        ) : (
          <span id={valueId} className="text-zinc-600 dark:text-zinc-400">
            {t("ui.pickDate")}
          </span>
        )}
      </button>
      <input type="hidden" name={name} value={value} />
      {open ? (
        // oxlint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape on a dialog (allowed by the recommended config)
        <div
          id={dialogId}
          role="dialog"
          aria-label={label}
          onKeyDown={(event) => {
            if (event.key !== "Escape") return;
            event.preventDefault();
            event.stopPropagation();
            close();
          }}
          className="absolute start-0 top-full z-20 mt-2 w-72 rounded-lg border border-zinc-200 bg-white p-3 text-zinc-900 shadow-lg dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100"
        >
          <div className="mb-2 flex items-center justify-between gap-2">
            <button
              type="button"
              aria-label={t("ui.previousMonth")}
              disabled={!canGoBack}
              onClick={() => {
                setFocusDay(false);
                setActive(clamp(addMonths(active, -1), min, max));
              }}
              className={navButtonClassName}
            >
              <ChevronIcon className="rtl:-scale-x-100" direction="back" />
            </button>
            <h2 id={titleId} aria-live="polite" className="text-sm font-semibold">
              {monthTitle}
            </h2>
            <button
              type="button"
              aria-label={t("ui.nextMonth")}
              disabled={!canGoForward}
              onClick={() => {
                setFocusDay(false);
                setActive(clamp(addMonths(active, 1), min, max));
              }}
              className={navButtonClassName}
            >
              <ChevronIcon className="rtl:-scale-x-100" direction="forward" />
            </button>
          </div>
          {/* The APG date picker dialog: a table with the grid role, whose cells are gridcells (eslint-plugin-jsx-a11y's
              recommended config allows table -> grid and td -> gridcell; oxlint's rule has no such options). */}
          {/* oxlint-disable-next-line jsx-a11y/no-noninteractive-element-to-interactive-role */}
          <table ref={gridRef} role="grid" aria-labelledby={titleId} onKeyDown={onGridKeyDown} className="w-full border-collapse text-center text-sm">
            <thead>
              <tr>
                {weekdays(language).map((weekday) => (
                  <th key={weekday.long} scope="col" abbr={weekday.long} className="pb-1 text-xs font-medium text-zinc-600 dark:text-zinc-400">
                    {weekday.short}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {weeks.map((week) => (
                <tr key={week.find(Boolean) ?? ""}>
                  {week.map((day, index) =>
                    day ? (
                      <td key={day} aria-selected={day === value} className="p-0.5">
                        <DayButton
                          day={day}
                          language={language}
                          selected={day === value}
                          today={day === today}
                          focusable={day === active}
                          disabled={!inRange(day, min, max)}
                          onSelect={select}
                        />
                      </td>
                    ) : (
                      <td key={`empty-${index}`} aria-hidden="true" />
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}

const navButtonClassName =
  "inline-flex size-8 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-40 dark:text-zinc-300 dark:hover:bg-zinc-800";

function DayButton({
  day,
  language,
  selected,
  today,
  focusable,
  disabled,
  onSelect,
}: {
  day: string;
  language: string;
  selected: boolean;
  today: boolean;
  focusable: boolean;
  disabled: boolean;
  onSelect: (day: string) => void;
}) {
  const tone = selected
    ? "bg-brand-600 text-white hover:bg-brand-700"
    : today
      ? "border border-brand-600 text-brand-700 hover:bg-brand-50 dark:border-brand-100 dark:text-brand-100 dark:hover:bg-zinc-800"
      : "hover:bg-zinc-100 dark:hover:bg-zinc-800";
  return (
    // aria-disabled rather than disabled: out-of-range days stay reachable by the arrow keys, only not selectable.
    <button
      type="button"
      data-date={day}
      tabIndex={focusable ? 0 : -1}
      aria-label={format(language, day, { dateStyle: "full" })}
      aria-current={today ? "date" : undefined}
      aria-disabled={disabled || undefined}
      onClick={() => onSelect(day)}
      className={`inline-flex size-9 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 ${
        disabled ? "cursor-not-allowed text-zinc-400 line-through dark:text-zinc-600" : tone
      }`}
    >
      {format(language, day, { day: "numeric" })}
    </button>
  );
}

function CalendarIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.5" className="size-4 shrink-0">
      <rect x="3" y="4" width="14" height="13" rx="2" />
      <path d="M3 8h14M7 2.5v3M13 2.5v3" strokeLinecap="round" />
    </svg>
  );
}

/** Drawn for left-to-right; `rtl:-scale-x-100` mirrors it, as the calendar itself mirrors. */
function ChevronIcon({ direction, className }: { direction: "back" | "forward"; className: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" className={`size-4 ${className}`}>
      <path d={direction === "back" ? "M12.5 4.5 7 10l5.5 5.5" : "M7.5 4.5 13 10l-5.5 5.5"} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

// Dates are ISO strings "YYYY-MM-DD" computed in UTC, so no time zone or daylight-saving change shifts a day.

function isIsoDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const { year, month, day } = parts(value);
  return toIso(new Date(Date.UTC(year, month - 1, day))) === value;
}

function parts(iso: string) {
  const [year = 1970, month = 1, day = 1] = iso.split("-").map(Number);
  return { year, month, day };
}

function pad(value: number): string {
  return String(value).padStart(2, "0");
}

function toIso(date: Date): string {
  return `${String(date.getUTCFullYear()).padStart(4, "0")}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

function utc(iso: string): Date {
  const { year, month, day } = parts(iso);
  return new Date(Date.UTC(year, month - 1, day));
}

function addDays(iso: string, days: number): string {
  const date = utc(iso);
  date.setUTCDate(date.getUTCDate() + days);
  return toIso(date);
}

/** The same day in another month, or that month's last day (31 January + 1 month = 28 or 29 February). */
function addMonths(iso: string, months: number): string {
  const { year, month, day } = parts(iso);
  const lastDay = new Date(Date.UTC(year, month - 1 + months + 1, 0)).getUTCDate();
  return toIso(new Date(Date.UTC(year, month - 1 + months, Math.min(day, lastDay))));
}

/** 0 for Monday ... 6 for Sunday: weeks start on Monday. */
function mondayIndex(iso: string): number {
  return (utc(iso).getUTCDay() + 6) % 7;
}

/** Today in the browser's time zone: the day the person sees on their calendar. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

function inRange(iso: string, min: string | undefined, max: string | undefined): boolean {
  return (!min || iso >= min) && (!max || iso <= max);
}

function clamp(iso: string, min: string | undefined, max: string | undefined): string {
  if (min && isIsoDate(min) && iso < min) return min;
  if (max && isIsoDate(max) && iso > max) return max;
  return iso;
}

/** The weeks of a month, Monday first, with null for the days of the neighbouring months. */
function monthGrid(year: number, month: number): (string | null)[][] {
  const first = `${year}-${pad(month)}-01`;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: mondayIndex(first) }, () => null);
  for (let day = 1; day <= daysInMonth; day++) cells.push(`${year}-${pad(month)}-${pad(day)}`);
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let start = 0; start < cells.length; start += 7) weeks.push(cells.slice(start, start + 7));
  return weeks;
}

function format(language: string, iso: string, options: Intl.DateTimeFormatOptions): string {
  return new Intl.DateTimeFormat(language, { ...options, timeZone: "UTC" }).format(utc(iso));
}

/** Monday to Sunday in the page's language; 1 January 2024 was a Monday. */
function weekdays(language: string): { short: string; long: string }[] {
  return Array.from({ length: 7 }, (_, index) => {
    const day = `2024-01-${pad(index + 1)}`;
    return { short: format(language, day, { weekday: "short" }), long: format(language, day, { weekday: "long" }) };
  });
}
