// A date field (ADR 055). Without JavaScript it is the browser's own date input, and the form posts what it holds;
// once JavaScript runs it becomes a "Pick a date" button that opens a calendar (WAI-ARIA APG date picker: arrows,
// Page Up/Down, Home/End, Enter, Escape), beside a hidden field that posts the same YYYY-MM-DD value. The calendar is
// a dialog beside the button, and a bottom drawer below 640 px like the other dialogs (docs/product.md, "Dialogs").
// The month is a table with the grid role, as the APG pattern has it: arrows move between its day buttons, and an
// empty cell before the first day or after the last is a cell of the grid with nothing to name.
/* oxlint-disable jsx-a11y/no-noninteractive-element-to-interactive-role, jsx-a11y/control-has-associated-label */
import {
  lazy,
  Suspense,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from "react";

import { addMonths, calendarText, dayAfterKey, monthOf, monthWeeks, parseDay, today } from "~/lib/calendar";
import { formatters } from "~/lib/format";
import { useTranslation } from "~/lib/translation";
import { useHydrated } from "~/lib/use-hydrated";
import { useMediaQuery } from "~/lib/use-media-query";
import { Button } from "./button";
import { CalendarDays, ChevronLeft, ChevronRight } from "./icons";

// vaul is loaded only when a drawer opens on a small screen (as in responsive-dialog.tsx).
const BottomDrawer = lazy(() => import("./bottom-drawer"));

type DatePickerProps = Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "value" | "defaultValue"> & {
  id: string;
  name: string;
  defaultValue?: string;
  /** The id of the field's visible label: with JavaScript, the button is named by it and by the date it shows. */
  labelId?: string;
};

/** The native date input until JavaScript runs, then the "Pick a date" button and its calendar. */
export function DatePicker({ id, name, defaultValue, labelId, className = "", min, max, ...input }: DatePickerProps) {
  const { t, i18n } = useTranslation();
  const hydrated = useHydrated();
  const narrow = useMediaQuery("(max-width: 639.98px)");
  const nativeRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [value, setValue] = useState(defaultValue ?? "");
  const [open, setOpen] = useState(false);
  const textId = useId();

  // A day typed into the native input before JavaScript took over is kept.
  useEffect(() => {
    const typed = nativeRef.current?.value;
    if (typed) setValue(typed);
  }, []);

  if (!hydrated)
    return (
      <input
        ref={nativeRef}
        id={id}
        name={name}
        type="date"
        defaultValue={defaultValue}
        min={min}
        max={max}
        className={className}
        {...input}
      />
    );

  const day = parseDay(value);
  const close = () => {
    setOpen(false);
    // After the dialog has left the page: focus goes back to the button, as after a native picker.
    setTimeout(() => buttonRef.current?.focus(), 0);
  };
  const choose = (chosen: string) => {
    setValue(chosen);
    close();
  };
  const calendar = (
    <Calendar
      language={i18n.language}
      selected={day}
      min={parseDay(typeof min === "string" ? min : undefined)}
      max={parseDay(typeof max === "string" ? max : undefined)}
      onChoose={choose}
      onClear={day ? () => choose("") : null}
      onClose={close}
    />
  );
  return (
    <>
      <input type="hidden" name={name} value={value} form={input.form} />
      <button
        ref={buttonRef}
        id={id}
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-labelledby={labelId ? `${labelId} ${textId}` : undefined}
        aria-describedby={input["aria-describedby"]}
        // Only the first invalid field of a form rendered with its error (Field).
        // oxlint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={input.autoFocus}
        onClick={() => setOpen(true)}
        className={`flex items-center gap-2 text-start ${className}`}
      >
        <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
        <span id={textId} className={day ? "" : "text-zinc-600 dark:text-zinc-400"}>
          {day ? formatters(i18n.language).date(day) : t("ui.datePick")}
        </span>
      </button>
      {open ? (
        narrow ? (
          <Suspense fallback={null}>
            <BottomDrawer title={t("ui.datePick")} onClose={close}>
              {calendar}
            </BottomDrawer>
          </Suspense>
        ) : (
          <Popover anchor={buttonRef} label={t("ui.datePick")} onClose={close}>
            {calendar}
          </Popover>
        )
      ) : null}
    </>
  );
}

/** Room below its button under which the calendar opens above instead: the month heading and three weeks. */
const MIN_ROOM_BELOW = 200;

/**
 * The calendar's dialog on wider screens: a modal <dialog> (the page behind is inert, Escape closes it) placed under
 * its button, scrolling within itself when the room below is short, above the button only when there is hardly any
 * room below. A click outside the calendar closes it.
 */
function Popover({
  anchor,
  label,
  onClose,
  children,
}: {
  anchor: RefObject<HTMLButtonElement | null>;
  label: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  // Before the calendar's own effect puts the focus on a day: showModal would move it to the first button.
  useLayoutEffect(() => {
    const dialog = ref.current;
    const button = anchor.current;
    if (!dialog || !button) return;
    dialog.showModal();
    const place = () => {
      const at = button.getBoundingClientRect();
      const { offsetWidth: width } = dialog;
      const rtl = getComputedStyle(button).direction === "rtl";
      const left = rtl ? at.right - width : at.left;
      dialog.style.left = `${Math.max(8, Math.min(left, window.innerWidth - width - 8))}px`;
      // Below the button, as the fields above it (a dialog's title, the ban's reason) stay in sight: when the calendar
      // is taller than the room left, it scrolls inside its own layer. Above only when less than a week row's worth
      // of calendar would show below.
      dialog.style.maxHeight = "";
      const { offsetHeight: height } = dialog;
      const below = at.bottom + 4;
      const room = window.innerHeight - 8 - below;
      if (room >= Math.min(height, MIN_ROOM_BELOW)) {
        dialog.style.top = `${below}px`;
        dialog.style.maxHeight = `${room}px`;
      } else dialog.style.top = `${Math.max(8, at.top - height - 4)}px`;
    };
    place();
    window.addEventListener("resize", place);
    return () => window.removeEventListener("resize", place);
  }, [anchor]);
  return (
    // A click on the backdrop lands on the dialog itself (its content has the padding) and closes it; the keyboard has
    // Escape.
    // oxlint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={ref}
      aria-label={label}
      onCancel={(event) => {
        // Escape closes this dialog only, not a dialog it sits in (the ban form's).
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
      onClick={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-auto m-0 overflow-y-auto overscroll-contain rounded-xl border border-zinc-200 bg-white p-0 text-zinc-900 shadow-xl backdrop:bg-black/20 dark:border-zinc-800 dark:bg-zinc-900 dark:text-zinc-100"
    >
      <div className="p-3">{children}</div>
    </dialog>
  );
}

/** The month grid: one button per day, one of them in the tab order (the focused day). */
function Calendar({
  language,
  selected,
  min,
  max,
  onChoose,
  onClear,
  onClose,
}: {
  language: string;
  selected: string | null;
  min: string | null;
  max: string | null;
  onChoose: (day: string) => void;
  onClear: (() => void) | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const text = calendarText(language);
  const clamp = (day: string) => (min && day < min ? min : max && day > max ? max : day);
  const [focused, setFocused] = useState(() => selected ?? clamp(today()));
  const [month, setMonth] = useState(() => monthOf(focused));
  const gridRef = useRef<HTMLTableElement>(null);
  const captionId = useId();
  const moved = useRef(true);

  // The focused day takes the keyboard focus when the calendar opens and after each move.
  useEffect(() => {
    if (!moved.current) return;
    moved.current = false;
    gridRef.current?.querySelector<HTMLButtonElement>(`button[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const moveTo = (day: string) => {
    moved.current = true;
    setFocused(day);
    if (monthOf(day) !== month) setMonth(monthOf(day));
  };
  const showMonth = (months: number) => {
    const next = addMonths(month, months);
    setMonth(next);
    // The day in the tab order follows the month shown, without taking the focus from the button pressed.
    setFocused(addMonths(focused, months));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const rtl = getComputedStyle(event.currentTarget).direction === "rtl";
    const next = dayAfterKey(focused, event.key, { rtl, shift: event.shiftKey, firstDay: text.firstDay });
    if (next === null) return;
    event.preventDefault();
    moveTo(next);
  };
  const disabled = (day: string) => Boolean((min && day < min) || (max && day > max));
  const navButton =
    "inline-flex size-9 items-center justify-center rounded-md text-zinc-700 hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-zinc-300 dark:hover:bg-zinc-800";
  return (
    <div className="flex w-full flex-col gap-2 sm:w-72">
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          className={navButton}
          aria-label={t("ui.datePreviousMonth")}
          onClick={() => showMonth(-1)}
        >
          <ChevronLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
        <h2 id={captionId} aria-live="polite" className="text-sm font-semibold">
          {text.month(month)}
        </h2>
        <button type="button" className={navButton} aria-label={t("ui.dateNextMonth")} onClick={() => showMonth(1)}>
          <ChevronRight aria-hidden="true" className="size-4 rtl:rotate-180" />
        </button>
      </div>
      <table
        ref={gridRef}
        role="grid"
        aria-labelledby={captionId}
        className="w-full table-fixed border-collapse"
        onKeyDown={onKeyDown}
      >
        <thead>
          <tr>
            {text.weekdays.map((weekday) => (
              <th
                key={weekday.long}
                scope="col"
                abbr={weekday.long}
                className="pb-1 text-center text-xs font-medium text-zinc-600 dark:text-zinc-400"
              >
                <span aria-hidden="true">{weekday.shown}</span>
                <span className="sr-only">{weekday.long}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month, text.firstDay).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((day, place) =>
                day === null ? (
                  <td key={place} />
                ) : (
                  <td key={day} aria-selected={day === selected} className="p-0.5 text-center">
                    <button
                      type="button"
                      data-day={day}
                      tabIndex={day === focused ? 0 : -1}
                      aria-label={text.full(day)}
                      aria-current={day === today() ? "date" : undefined}
                      aria-disabled={disabled(day) || undefined}
                      onClick={disabled(day) ? undefined : () => onChoose(day)}
                      className={`inline-flex h-10 w-full items-center justify-center rounded-md text-sm tabular-nums focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 sm:h-9 ${
                        day === selected
                          ? "bg-brand-600 font-semibold text-white"
                          : disabled(day)
                            ? "text-zinc-400 line-through dark:text-zinc-600"
                            : "hover:bg-zinc-100 dark:hover:bg-zinc-800"
                      } ${
                        // Today's ring only when today can be picked: on a struck-through day it read as the focus.
                        day === today() && day !== selected && !disabled(day)
                          ? "ring-1 ring-zinc-400 dark:ring-zinc-500"
                          : ""
                      }`}
                    >
                      {text.dayNumber(day)}
                    </button>
                  </td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
      <div className="flex flex-wrap justify-end gap-2 pt-1">
        {onClear ? (
          <Button type="button" variant="link" onClick={onClear}>
            {t("ui.dateClear")}
          </Button>
        ) : null}
        <Button type="button" variant="secondary" onClick={onClose}>
          {t("ui.close")}
        </Button>
      </div>
    </div>
  );
}
